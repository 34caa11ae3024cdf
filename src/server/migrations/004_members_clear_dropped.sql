-- Every member row is hashed by now (the step after 003). The roster moves to a new table holding only the hash,
-- and the old table (its files, clear names and dates of birth included) is dropped: a dropped column's values
-- would stay on disk until the table is rewritten.
CREATE TABLE members_hashed (
  member_id text PRIMARY KEY CHECK (member_id ~ '^[0-9]{10}$'),
  person_hash text NOT NULL,
  zip text NOT NULL,
  active boolean NOT NULL DEFAULT true
);
INSERT INTO members_hashed (member_id, person_hash, zip, active) SELECT member_id, person_hash, zip, active FROM members;
DROP TABLE members;
ALTER TABLE members_hashed RENAME TO members;
CREATE INDEX members_person_hash ON members (person_hash);
