-- The applications' priority plane (issue 7 item 11): where each application stands on risk (x)
-- and business criticality (y), each 0..1, as the people of its process placed it. No row: the
-- application is not on the plane.

CREATE TABLE application_plane_placements (
  application_id uuid PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  risk real NOT NULL CHECK (risk BETWEEN 0 AND 1),
  criticality real NOT NULL CHECK (criticality BETWEEN 0 AND 1),
  placed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  placed_at timestamptz NOT NULL DEFAULT now()
);
