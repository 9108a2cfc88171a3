-- Sign-in, second factor and password flows without account lockout (issue 20).

-- A sign-in whose password is right but has expired gets a session in the PasswordExpired state:
-- for a few minutes it may change that password (PATCH users/{username}/password/changeExpired)
-- and do nothing else.
ALTER TABLE sessions DROP CONSTRAINT sessions_authentication_status_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_authentication_status_check
  CHECK (authentication_status IN ('PasswordExpired', 'MfaVerification', 'MfaSetup', 'Authenticated'));

-- The addresses each user has signed in from with the right password: their usual addresses,
-- let through while the account is slowed down by failures from elsewhere.
CREATE TABLE sign_in_addresses (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, address)
);

-- Security events of accounts, the audit trail of attacks on them: every wrong second-factor or
-- password-reset code (counted per account, whichever session or API process saw it), and each
-- throttle that wrong codes or failed sign-ins set off.
CREATE TABLE security_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN (
    'second_factor_failed',
    'second_factor_blocked',
    'reset_code_failed',
    'reset_code_blocked',
    'sign_in_pair_blocked',
    'sign_in_account_slowed'
  )),
  -- The account as sign_in_attempts names it: the user's login id, or the name typed when no user
  -- has it (lower case), so unknown names are limited alike.
  login_id text NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  -- The client address of the request (behind TRUST_PROXY, the forwarded one).
  address text NOT NULL,
  occurred_at timestamptz NOT NULL
);

CREATE INDEX security_events_account ON security_events (login_id, kind, occurred_at);
CREATE INDEX security_events_user ON security_events (user_id, occurred_at);
