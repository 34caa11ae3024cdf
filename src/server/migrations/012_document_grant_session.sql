-- A document grant is bound to the session that enrolled, as a captcha grant is (issue 27): its cookie copied into
-- another browser grants nothing. Grants made before this have no session and are no longer honoured (they last
-- 30 minutes).
ALTER TABLE document_grants ADD COLUMN session_hash text NOT NULL DEFAULT '';
