-- The member roster keeps names and date of birth only as a keyed hash (memberRoster.ts). A code step after this
-- migration hashes rows already stored in clear; 004 then drops the clear columns.
ALTER TABLE members ADD COLUMN person_hash text;
