-- A member of a partner's roster enrolls once (issue 27): the enrollment keeps a keyed hash of the member number
-- (never the number), unique, so a second enrollment of the same member with another SSN is refused by the check,
-- and of two racing, only one is stored (ON CONFLICT now covers the member's index as well as the SSN's).
-- Enrollments stored before this have no member index.
ALTER TABLE enrollments ADD COLUMN member_index text;
CREATE UNIQUE INDEX enrollments_member_index ON enrollments (member_index) WHERE member_index IS NOT NULL;

-- The two functions of migration 011, each with the member's index: enroll_check says whether the member is
-- enrolled already, enroll_settle stores the index.
DROP FUNCTION enroll_check(text, text, text, text, text, text);
CREATE FUNCTION enroll_check(p_key text, p_ssn_index text, p_group_id text, p_token_hash text, p_session_hash text, p_member_hash text, p_member_index text)
RETURNS TABLE (status integer, body text, request_hash text, duplicate boolean, group_name text, group_status text, is_aarp boolean, grant_live boolean, verification_id text, member_enrolled boolean)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT k.status, k.body, k.request_hash,
    EXISTS (SELECT 1 FROM enrollments e WHERE e.ssn_index = p_ssn_index),
    g.name, g.status, g.is_aarp,
    EXISTS (SELECT 1 FROM captcha_grants c WHERE c.token_hash = p_token_hash AND c.session_hash = p_session_hash
             AND (c.claimed_by IS NULL OR c.claimed_by = p_key) AND c.expires_at > now()),
    (SELECT v.id::text FROM member_verifications v
      WHERE p_member_hash IS NOT NULL AND v.session_hash = p_session_hash AND v.fields_hash = p_member_hash
        AND (v.claimed_by IS NULL OR v.claimed_by = p_key) AND v.expires_at > now()
      ORDER BY v.id LIMIT 1),
    EXISTS (SELECT 1 FROM enrollments e WHERE p_member_index IS NOT NULL AND e.member_index = p_member_index)
  FROM (SELECT 1) AS one
  LEFT JOIN idempotency_keys k ON k.key = p_key
  LEFT JOIN employer_groups g ON g.id = p_group_id;
END
$$;

DROP FUNCTION enroll_settle(text, text, integer, text, text, text, text, text, text, bigint);
CREATE FUNCTION enroll_settle(p_key text, p_fingerprint text, p_status integer, p_body text, p_ssn_index text, p_sealed text, p_group_id text, p_token_hash text, p_session_hash text, p_verification_id bigint, p_member_index text)
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
    INSERT INTO enrollments AS e (ssn_index, payload_enc, group_id, outcome, member_index)
    SELECT p_ssn_index, p_sealed, p_group_id, p_body, p_member_index FROM claimed WHERE p_status = 200
    ON CONFLICT DO NOTHING RETURNING e.id
  )
  SELECT (SELECT count(*) FROM granted)::integer, (SELECT count(*) FROM claimed)::integer, (SELECT s.id FROM stored s)::text;
END
$$;
