-- Peer benchmark update mail (issue 15, lifecycle-mail): the segment's total
-- quartiles last mailed to an account, so that a sweep mails again only once
-- they have moved materially, and the mail can say what they were before.
-- `mailings` counts the mails sent for (account, segment) and names each one
-- in its job's dedupe key, so a mail goes out once per recipient even when
-- two sweeps overlap. It goes with the account.
CREATE TABLE peer_benchmark_mailings (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  segment text NOT NULL,
  p25 double precision NOT NULL,
  p50 double precision NOT NULL,
  p75 double precision NOT NULL,
  mailings integer NOT NULL,
  mailed_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, segment)
);
