-- Erasure keeps no identifier in clear (issue 9): tombstones and the
-- account_deleted audit entry hold a keyed hash of the identity instead.
-- The key is made once, here, in the database every instance shares, from
-- PostgreSQL's strong random source (gen_random_uuid); the hash is
-- sha256(key || ':' || identifier), computed by the same SQL everywhere.
CREATE TABLE erasure_keys (
  name text PRIMARY KEY,
  secret text NOT NULL
);
INSERT INTO erasure_keys (name, secret)
  VALUES ('tombstone', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

UPDATE erased_identities
  SET external_key = 'sha256:' || encode(sha256(convert_to((SELECT secret FROM erasure_keys WHERE name = 'tombstone') || ':' || external_key, 'UTF8')), 'hex')
  WHERE external_key NOT LIKE 'sha256:%';

UPDATE audit_log
  SET details = (details - 'externalKey')
        || jsonb_build_object('identity', 'sha256:' || encode(sha256(convert_to((SELECT secret FROM erasure_keys WHERE name = 'tombstone') || ':' || (details ->> 'externalKey'), 'UTF8')), 'hex')),
      actor_user_id = 'sha256:' || encode(sha256(convert_to((SELECT secret FROM erasure_keys WHERE name = 'tombstone') || ':user:' || actor_user_id, 'UTF8')), 'hex')
  WHERE action = 'account_deleted' AND details ? 'externalKey';
