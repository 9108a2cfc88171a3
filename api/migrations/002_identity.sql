-- Identity (spec 3 Session/User, 4.1, 4.2): users, their second factor, server-side sessions,
-- one-time codes, the mail outbox and the sign-in attempts that rate limiting counts.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Null for a Global Admin (or the Initiator) who belongs to no organization.
  organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
  login_id text NOT NULL CHECK (length(login_id) BETWEEN 3 AND 255),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 255),
  password_hash text NOT NULL,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  inactive boolean NOT NULL DEFAULT false,
  -- Process and global role names; a global one begins with '_'.
  roles text[] NOT NULL DEFAULT '{}',
  -- AES-256-GCM sealed TOTP secret (iv.tag.ciphertext, base64url); null until two-factor is set up.
  mfa_secret text,
  mfa_enabled boolean NOT NULL DEFAULT false,
  -- The last TOTP time step accepted: a code of that step or an earlier one is a replay.
  mfa_last_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The username people type may differ in case from the stored one; both are one account.
CREATE UNIQUE INDEX users_login_id ON users (lower(login_id));
CREATE INDEX users_email ON users (lower(email));

CREATE TABLE recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX recovery_codes_user ON recovery_codes (user_id);

CREATE TABLE sessions (
  -- The public id (the Session's session_id); the cookie carries a separate secret token.
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- SHA-256 of the secret token: a leaked table does not hand out sessions.
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  authentication_status text NOT NULL CHECK (authentication_status IN ('MfaVerification', 'MfaSetup', 'Authenticated')),
  -- A secret offered by POST sessions/mfa, sealed like users.mfa_secret, until setup confirms it.
  pending_mfa_secret text,
  failed_codes integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  authenticated_at timestamptz,
  last_seen_at timestamptz NOT NULL,
  idle_expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE one_time_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'invitation', 'initialization')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  failed_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);

CREATE INDEX one_time_codes_user ON one_time_codes (user_id, purpose);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  -- Set when the message went out over SMTP; null while it only sits in the outbox.
  sent_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE INDEX mail_outbox_recipient ON mail_outbox (lower(recipient), created_at);

CREATE TABLE sign_in_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Lowercased as typed, whether or not such a user exists, so unknown names are limited too.
  login_id text NOT NULL,
  address text NOT NULL,
  succeeded boolean NOT NULL,
  attempted_at timestamptz NOT NULL
);

CREATE INDEX sign_in_attempts_login ON sign_in_attempts (login_id, attempted_at);
CREATE INDEX sign_in_attempts_address ON sign_in_attempts (address, attempted_at);
