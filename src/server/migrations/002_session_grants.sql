-- Single-use captcha grants: one per verified solution, bound to the session (both kept as keyed hashes),
-- short-lived, and claimed by the enrollment that used it (its Idempotency-Key) in the statement that stores it.
CREATE TABLE captcha_grants (
  token_hash text PRIMARY KEY,
  session_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  claimed_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX captcha_grants_expires_at ON captcha_grants (expires_at);

-- Successful membership checks of this server, bound to the session: a keyed hash of the verified member number,
-- names, date of birth and zip (never the values), claimed by the enrollment that relies on it.
CREATE TABLE member_verifications (
  id bigserial PRIMARY KEY,
  session_hash text NOT NULL,
  fields_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  claimed_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_verifications_session ON member_verifications (session_hash, fields_hash);
CREATE INDEX member_verifications_expires_at ON member_verifications (expires_at);
