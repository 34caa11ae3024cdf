-- Identity documents for an enrollment whose identity check answered 'partial' (issue 11).

-- Where an enrollment stands with its documents: NULL when none were asked for.
ALTER TABLE enrollments ADD COLUMN documents_status text CHECK (documents_status IN ('documents needed', 'documents received'));

-- The right to upload documents for one enrollment, set by its enroll answer: only a hash of the random token the
-- applicant's cookie holds is kept, so the table alone grants nothing. Deleted once the applicant confirms.
CREATE TABLE document_grants (
  token_hash text PRIMARY KEY,
  enrollment_id bigint NOT NULL REFERENCES enrollments (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX document_grants_enrollment ON document_grants (enrollment_id);

-- The files, AES-256-GCM encrypted (version, IV, ciphertext, tag), with the type their content showed and their
-- name as the applicant's device gave it (encrypted too: a name can be personal).
CREATE TABLE enrollment_documents (
  id bigserial PRIMARY KEY,
  enrollment_id bigint NOT NULL REFERENCES enrollments (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('pdf', 'jpeg', 'png')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  name_enc text NOT NULL,
  content_enc bytea NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enrollment_documents_enrollment ON enrollment_documents (enrollment_id);
