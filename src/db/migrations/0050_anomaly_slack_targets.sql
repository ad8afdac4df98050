-- Where an account's anomalies are posted in Slack (issue 28, item 3): one
-- incoming-webhook address per account, set by an admin. The address is a
-- credential (anyone holding it can post to the channel): the API shows only
-- its host and last characters. Goes with the account.
CREATE TABLE anomaly_slack_targets (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  webhook_url text NOT NULL,
  set_by text NOT NULL,
  updated_at timestamptz NOT NULL
);
