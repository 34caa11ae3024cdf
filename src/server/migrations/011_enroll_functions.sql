-- The enrollment's two statements as functions (issue 13). A function's statements are planned once per database
-- connection and reused (PL/pgSQL's plan cache), where the same SQL sent as text is parsed and planned on every
-- request: on the embedded database (one connection, everything serialised) that planning was most of an enroll's
-- time. Same SQL as before, moved here: enroll_check is the idempotency lookup, the SSN's duplicate check and the
-- re-check's facts in one read; enroll_settle is the one statement that claims and stores (enrollmentStore.ts).

-- Read-only. The earlier answer under this Idempotency-Key (status NULL when none), whether the SSN is enrolled,
-- the group as the database has it, whether the captcha grant is live for this session (unclaimed, or claimed by
-- this key: a concurrent twin), and an unclaimed membership verification of this session for these fields.
CREATE OR REPLACE FUNCTION enroll_check(p_key text, p_ssn_index text, p_group_id text, p_token_hash text, p_session_hash text, p_member_hash text)
RETURNS TABLE (status integer, body text, request_hash text, duplicate boolean, group_name text, group_status text, is_aarp boolean, grant_live boolean, verification_id text)
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
      ORDER BY v.id LIMIT 1)
  FROM (SELECT 1) AS one
  LEFT JOIN idempotency_keys k ON k.key = p_key
  LEFT JOIN employer_groups g ON g.id = p_group_id;
END
$$;

-- The statement that settles an enrollment (enrollmentStore.ts says why it is one statement): claims the grant
-- (and the verification), the key with the answer, and for an accepted enrollment stores it.
CREATE OR REPLACE FUNCTION enroll_settle(p_key text, p_fingerprint text, p_status integer, p_body text, p_ssn_index text, p_sealed text, p_group_id text, p_token_hash text, p_session_hash text, p_verification_id bigint)
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
    INSERT INTO enrollments AS e (ssn_index, payload_enc, group_id, outcome)
    SELECT p_ssn_index, p_sealed, p_group_id, p_body FROM claimed WHERE p_status = 200
    ON CONFLICT (ssn_index) DO NOTHING RETURNING e.id
  )
  SELECT (SELECT count(*) FROM granted)::integer, (SELECT count(*) FROM claimed)::integer, (SELECT s.id FROM stored s)::text;
END
$$;
