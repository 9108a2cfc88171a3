-- Notifications that reach people (issue 22): every event that tells someone something becomes,
-- per recipient and channel, a portal notification (the outbox, 'notifications#<userId>') and/or a
-- mail in `mail_queue`, recorded in the transaction of the change that raised it. The mail relay
-- sends the queue (SMTP or the mail outbox) with retries and marks each row sent exactly once.
CREATE TABLE mail_queue (
  seq bigserial PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  recipient text NOT NULL,
  -- The event kind, as the process's notification settings and the user's preferences name it.
  event text NOT NULL,
  subject text NOT NULL,
  -- The message as the bell shows it: may carry one ##link text## (spec 2.3).
  message text NOT NULL,
  -- The object's path in the portal (made absolute when the mail is written).
  link text,
  -- True when the user chose a daily digest: the digest pass sends it with the day's others.
  digest boolean NOT NULL DEFAULT false,
  -- A daily digest's mail: the items it gathers ([{ event, subject, message, link }]); null otherwise.
  items jsonb,
  -- A digest item: the digest mail that carried it (sent_at is set when it is gathered).
  digested_into bigint REFERENCES mail_queue (seq) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  -- When the relay may (re)try it: after a failure, now + back-off; while a relay holds it, the
  -- end of its lease (a relay that crashed gives it back when the lease ends).
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz
);
CREATE INDEX mail_queue_unsent ON mail_queue (next_attempt_at) WHERE sent_at IS NULL AND NOT digest;
CREATE INDEX mail_queue_digest ON mail_queue (created_at) WHERE sent_at IS NULL AND digest;

-- Each user's choices in their account settings: event kinds they do not want to hear of at all,
-- and whether mail comes one per event or as one daily digest.
CREATE TABLE notification_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  muted text[] NOT NULL DEFAULT '{}',
  mail_digest boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
