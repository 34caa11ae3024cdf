-- Employer and financial-advisor groups, with what the Schedule of Fees shows for them.
CREATE TABLE employer_groups (
  id text PRIMARY KEY CHECK (id ~ '^[A-Z0-9]{1,9}$'),
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'inactive')),
  is_aarp boolean NOT NULL DEFAULT false,
  is_msa boolean NOT NULL DEFAULT false,
  is_oc boolean NOT NULL DEFAULT false,
  maint_fee numeric(8, 2) NOT NULL DEFAULT 3.95,
  maint_fee_waived boolean NOT NULL DEFAULT false,
  waive_balance numeric(12, 2) NOT NULL DEFAULT 5000,
  allow_investments boolean NOT NULL DEFAULT true,
  investment_fee numeric(8, 2) NOT NULL DEFAULT 3.00,
  investment_threshold numeric(12, 2) NOT NULL DEFAULT 1000
);

-- The sandbox membership register behind the partner membership check.
CREATE TABLE members (
  member_id text PRIMARY KEY CHECK (member_id ~ '^[0-9]{10}$'),
  first_name text NOT NULL,
  last_name text NOT NULL,
  birth_date date NOT NULL,
  zip text NOT NULL,
  active boolean NOT NULL DEFAULT true
);

-- Enrollments: personal data encrypted (AES-256-GCM); ssn_index is an HMAC blind index, unique, so two
-- enrollments for one SSN cannot both be stored, even in a race.
CREATE TABLE enrollments (
  id bigserial PRIMARY KEY,
  ssn_index text NOT NULL UNIQUE,
  payload_enc text NOT NULL,
  group_id text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('success', 'partial')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A repeated request with the same Idempotency-Key gets the first answer.
CREATE TABLE idempotency_keys (
  key text PRIMARY KEY,
  request_hash text NOT NULL,
  status integer NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Captcha solutions are good once.
CREATE TABLE used_captchas (
  challenge_id text PRIMARY KEY,
  used_at timestamptz NOT NULL DEFAULT now()
);
