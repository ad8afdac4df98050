-- A delivery attempt is recorded before its POST is sent (issue 24, item 8):
-- attempts counts it, and attempt_started_at says its outcome is not known
-- yet. A process that dies mid-POST leaves it set; the attempt's job, run
-- again after its lease, then logs the attempt as interrupted (the receiver
-- may have had it) and schedules the next one, so the log and the receiver
-- agree on how many POSTs were sent.
ALTER TABLE webhook_deliveries ADD COLUMN attempt_started_at timestamptz;
