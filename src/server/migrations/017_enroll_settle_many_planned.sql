-- enroll_settle_many of migration 015, unchanged in what it does and answers, as a PL/pgSQL function: a volatile
-- LANGUAGE sql function is not inlined, and PostgreSQL (before 18) parses and plans its body on every call, where
-- PL/pgSQL keeps the plan of its statement for the connection (issue 25: every batch of settlements had paid
-- that planning on the server). CREATE OR REPLACE keeps its signature, so enrollmentStore.ts calls it as before.
CREATE OR REPLACE FUNCTION enroll_settle_many(p_items jsonb)
RETURNS TABLE (n bigint, granted integer, claimed integer, enrollment_id text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT r.n, s.*
    FROM ROWS FROM (jsonb_to_recordset(p_items) AS (key text, fingerprint text, status integer, body text, ssn_index text, sealed text, group_id text, token_hash text, session_hash text, verification_id bigint, member_index text, revision text, language text))
         WITH ORDINALITY AS r(key, fingerprint, status, body, ssn_index, sealed, group_id, token_hash, session_hash, verification_id, member_index, revision, language, n)
   CROSS JOIN LATERAL enroll_settle(r.key, r.fingerprint, r.status, r.body, r.ssn_index, r.sealed, r.group_id, r.token_hash, r.session_hash, r.verification_id, r.member_index, r.revision, r.language) AS s;
END
$$;
