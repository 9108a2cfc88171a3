-- Customer inquiries (spec 2.3 Support menu, Contact Us; spec 7 "Misc: POST inquiry"): what a
-- signed-in user asked support, kept with their organization and mailed to the support address.
CREATE TABLE inquiries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- NULL for a Global Admin without an organization.
  organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  phone text CHECK (length(phone) <= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX inquiries_organization ON inquiries (organization_id, created_at DESC);
