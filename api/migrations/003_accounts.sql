-- Account flows (spec 4.1, 4.2): invitations, and the Initiator of the first run, who is no user
-- row: its session and its initialization code belong to nobody.

CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- SHA-256 of the link's token (256 random bits), like a session token.
  token_hash text NOT NULL UNIQUE,
  -- The invited user, created inactive; activation consumes the invitation.
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE INDEX invitations_user ON invitations (user_id);

ALTER TABLE sessions ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE sessions ADD COLUMN initiator boolean NOT NULL DEFAULT false;
ALTER TABLE sessions ADD CONSTRAINT sessions_initiator CHECK ((user_id IS NULL) = initiator);

ALTER TABLE one_time_codes ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_owner CHECK ((user_id IS NULL) = (purpose = 'initialization'));
CREATE INDEX one_time_codes_purpose ON one_time_codes (purpose) WHERE user_id IS NULL;

-- Messages stored in the same millisecond still list newest first.
ALTER TABLE mail_outbox ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
