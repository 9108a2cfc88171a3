-- What an organization admin manages of the organization (spec 6 organization manage, issue 26
-- item 14) besides its name: its contacts, and the notification settings its processes take for
-- each event they have not set themselves (as processes.notification_settings: only the events
-- set). The events of the organization's changes (Update Organization) are the outbox's.
ALTER TABLE organizations ADD COLUMN contacts jsonb NOT NULL DEFAULT '[]';
ALTER TABLE organizations ADD COLUMN notification_settings jsonb NOT NULL DEFAULT '{}';
