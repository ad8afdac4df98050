-- Outbound webhooks (issue 15 part 1): what an endpoint subscribes to, whether
-- it is enabled, and the previous signing secret that keeps signing beside the
-- new one until the rotation's overlap window ends. The table had no writer
-- before, so it holds no rows to fill in.
ALTER TABLE outgoing_webhooks
  ADD COLUMN description text,
  ADD COLUMN event_types text[] NOT NULL DEFAULT '{}',
  ADD COLUMN enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN disabled_reason text,
  ADD COLUMN previous_signing_secret text,
  ADD COLUMN previous_secret_expires_at timestamptz;
