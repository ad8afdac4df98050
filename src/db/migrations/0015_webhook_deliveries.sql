-- Outbound webhook deliveries (issue 15 part 1): one row per (event, endpoint)
-- and per manual redelivery, the endpoint's delivery log. message_id is the
-- event's id (webhook-id), the same across retries and redeliveries so
-- receivers can de-duplicate; body is the exact JSON that is signed. The
-- attempts themselves are jobs (src/jobs/) tied to the account. Rows go with
-- the endpoint and with the account.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  webhook_id uuid NOT NULL REFERENCES outgoing_webhooks(id) ON DELETE CASCADE,
  message_id text NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  response_status integer,
  duration_ms integer,
  last_error text,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at);
CREATE INDEX webhook_deliveries_account_idx ON webhook_deliveries (account_id);
