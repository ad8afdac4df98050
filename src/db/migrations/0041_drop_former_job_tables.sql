-- The former engines' tables (src/jobs and src/outbox, issue 25): their work
-- now runs on pg-boss. Upgrade with the queues drained (docs/OPERATIONS.md,
-- "Jobs"): rows still pending here are not carried over.
DROP TABLE jobs;
DROP TABLE outbox_messages;
