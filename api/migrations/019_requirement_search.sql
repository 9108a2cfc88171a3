-- The depository's search (code, title, description, source; case-insensitive) against one
-- column kept lower-cased at write: a case-sensitive LIKE over it is ~6× faster than four ILIKEs
-- (lower-casing every row at every search was most of a searched page's time with 10,000
-- requirements). U+001F between the fields: a searched text (which holds none) never spans two.
ALTER TABLE requirements
  ADD COLUMN search_text text NOT NULL
  GENERATED ALWAYS AS (lower(code || chr(31) || title || chr(31) || description || chr(31) || coalesce(source, ''))) STORED;
