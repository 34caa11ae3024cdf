-- Group commit (issue 25): the enroll_check and enroll_settle calls of concurrent enrollments, sent as one statement
-- each (enrollmentStore.ts, groupCommit.ts). A batch is a JSON array of the functions' arguments by name; each row of the answer
-- carries its item's position (n, from 1), so the answers are matched to their calls whatever order they come in.
-- The rows of a batch are one transaction: each enroll_settle call sees what the calls before it in the batch
-- stored (a volatile function's statements take a fresh snapshot), so two items of one SSN, one key or one grant
-- settle as two separate statements would, one after the other.
CREATE FUNCTION enroll_check_many(p_items jsonb)
RETURNS TABLE (n bigint, status integer, body text, request_hash text, duplicate boolean, group_name text, group_status text, is_aarp boolean, grant_live boolean, verification_id text, member_enrolled boolean)
LANGUAGE sql STABLE AS $$
  SELECT r.n, c.*
    FROM ROWS FROM (jsonb_to_recordset(p_items) AS (key text, ssn_index text, group_id text, token_hash text, session_hash text, member_hash text, member_index text))
         WITH ORDINALITY AS r(key, ssn_index, group_id, token_hash, session_hash, member_hash, member_index, n)
   CROSS JOIN LATERAL enroll_check(r.key, r.ssn_index, r.group_id, r.token_hash, r.session_hash, r.member_hash, r.member_index) AS c
$$;

CREATE FUNCTION enroll_settle_many(p_items jsonb)
RETURNS TABLE (n bigint, granted integer, claimed integer, enrollment_id text)
LANGUAGE sql AS $$
  SELECT r.n, s.*
    FROM ROWS FROM (jsonb_to_recordset(p_items) AS (key text, fingerprint text, status integer, body text, ssn_index text, sealed text, group_id text, token_hash text, session_hash text, verification_id bigint, member_index text, revision text, language text))
         WITH ORDINALITY AS r(key, fingerprint, status, body, ssn_index, sealed, group_id, token_hash, session_hash, verification_id, member_index, revision, language, n)
   CROSS JOIN LATERAL enroll_settle(r.key, r.fingerprint, r.status, r.body, r.ssn_index, r.sealed, r.group_id, r.token_hash, r.session_hash, r.verification_id, r.member_index, r.revision, r.language) AS s
$$;
