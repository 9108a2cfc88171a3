-- Shared files as an evidence library (issue 23 items 7-9): a document of a process lives in a
-- folder with tags, an owner and an optional review-by date; each upload of the same name in the
-- same folder is a new version. A version's bytes are a file under DATA_DIR/files named by their
-- SHA-256 (the same bytes stored once, whatever the document or process); the blob is removed when
-- no version names its hash any more. The text of text, markdown, CSV and PDF versions is kept
-- (capped) for search.
CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  -- '' is the library's root; otherwise segments of the filename rule joined by '/'.
  folder text NOT NULL DEFAULT '' CHECK (length(folder) <= 255),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  tags text[] NOT NULL DEFAULT '{}',
  owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
  review_by date,
  -- When the review-by reminder and the past-due notice were raised (each once per date).
  review_reminded_at timestamptz,
  review_past_due_at timestamptz,
  current_version integer NOT NULL DEFAULT 1,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (process_id, folder, name)
);
CREATE INDEX documents_process_folder ON documents (process_id, folder, name);
CREATE INDEX documents_review_by ON documents (review_by) WHERE review_by IS NOT NULL;

CREATE TABLE document_versions (
  document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size bigint NOT NULL CHECK (size >= 0),
  -- The type it is served as, from the content check (never an HTML or SVG type).
  content_type text NOT NULL,
  -- Searchable text (text, markdown, CSV, PDF), at most DOCUMENT_TEXT_MAX characters; '' otherwise.
  text_content text NOT NULL DEFAULT '',
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, version)
);
CREATE INDEX document_versions_sha256 ON document_versions (sha256);

-- Evidence: a document links to requirements of its process, many to many.
CREATE TABLE document_requirements (
  document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  requirement_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  linked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, requirement_id)
);
CREATE INDEX document_requirements_requirement ON document_requirements (requirement_id);
