-- The organization chart (issue 23 items 10, 11; docs/org-chart.md): one chart per organization,
-- replaced whole by each import. People are named by the file's own ids (external ids); a manager
-- is another person's external id in the same chart. The link to a portal user is not stored: it
-- is the organization's active user of the same email (case-insensitive), found when read, so a
-- user invited after the import is linked without another upload.
CREATE TABLE org_charts (
  organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE org_chart_people (
  organization_id uuid NOT NULL REFERENCES org_charts (organization_id) ON DELETE CASCADE,
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 255),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  title text NOT NULL DEFAULT '' CHECK (length(title) <= 255),
  manager_id text CHECK (length(manager_id) BETWEEN 1 AND 255),
  email text CHECK (length(email) BETWEEN 3 AND 255),
  department text NOT NULL DEFAULT '' CHECK (length(department) <= 255),
  -- The file's order: the chart is drawn and listed as the file gave it.
  position integer NOT NULL,
  PRIMARY KEY (organization_id, external_id)
);

-- Suggestions: the person of a user (by email) and the people of a department.
CREATE INDEX org_chart_people_email ON org_chart_people (organization_id, lower(email));
CREATE INDEX org_chart_people_department ON org_chart_people (organization_id, department);
