-- Form revisions (issue 24): each partner's compiled configuration as the build made it (generated/<variant>/
-- revision.json: settings, fees, step schemas, wire payload, every language's words and the documents' addresses),
-- kept once by its content hash when a server first stores an enrollment under it. Every enrollment records the
-- revision and the language it was validated under, so what the applicant saw and signed can be told. Enrollments
-- stored before this have neither.
CREATE TABLE form_revisions (
  revision text PRIMARY KEY,
  variant text NOT NULL,
  content jsonb NOT NULL,
  first_used_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE enrollments ADD COLUMN revision text REFERENCES form_revisions (revision);
ALTER TABLE enrollments ADD COLUMN language text;
CREATE INDEX enrollments_revision ON enrollments (revision);

-- enroll_settle of migration 013, storing the revision and the language with the enrollment.
DROP FUNCTION enroll_settle(text, text, integer, text, text, text, text, text, text, bigint, text);
CREATE FUNCTION enroll_settle(p_key text, p_fingerprint text, p_status integer, p_body text, p_ssn_index text, p_sealed text, p_group_id text, p_token_hash text, p_session_hash text, p_verification_id bigint, p_member_index text, p_revision text, p_language text)
RETURNS TABLE (granted integer, claimed integer, enrollment_id text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH granted AS (
    UPDATE captcha_grants c SET claimed_by = p_key
     WHERE c.token_hash = p_token_hash AND c.session_hash = p_session_hash AND c.claimed_by IS NULL AND c.expires_at > now()
       AND (p_verification_id IS NULL OR EXISTS (SELECT 1 FROM member_verifications v WHERE v.id = p_verification_id AND v.claimed_by IS NULL AND v.expires_at > now()))
    RETURNING 1
  ), verified AS (
    UPDATE member_verifications v SET claimed_by = p_key
     WHERE v.id = p_verification_id AND v.claimed_by IS NULL AND EXISTS (SELECT 1 FROM granted)
    RETURNING 1
  ), claimed AS (
    INSERT INTO idempotency_keys AS k (key, request_hash, status, body)
    SELECT p_key, p_fingerprint, p_status, p_body WHERE EXISTS (SELECT 1 FROM granted) AND (p_verification_id IS NULL OR EXISTS (SELECT 1 FROM verified))
    ON CONFLICT (key) DO NOTHING RETURNING k.key
  ), stored AS (
    INSERT INTO enrollments AS e (ssn_index, payload_enc, group_id, outcome, member_index, revision, language)
    SELECT p_ssn_index, p_sealed, p_group_id, p_body, p_member_index, p_revision, p_language FROM claimed WHERE p_status = 200
    ON CONFLICT DO NOTHING RETURNING e.id
  )
  SELECT (SELECT count(*) FROM granted)::integer, (SELECT count(*) FROM claimed)::integer, (SELECT s.id FROM stored s)::text;
END
$$;
