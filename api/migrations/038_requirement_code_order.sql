-- Codes in natural order (issue 26 item 3: AC-2 before AC-14): the numbers in a code compare as
-- numbers. natural_sort_key writes each run of digits as its length (two digits) and the digits
-- without leading zeros ('ac-2' -> 'ac-012', 'ac-14' -> 'ac-0214'), so that comparing the keys
-- byte by byte (collation "C") orders codes as the browser's compareCodes (@portal/shared) does.
CREATE FUNCTION natural_sort_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(string_agg(
             CASE WHEN m.part[1] ~ '^[0-9]' THEN lpad(length(ltrim(m.part[1], '0'))::text, 2, '0') || ltrim(m.part[1], '0')
                  ELSE m.part[1] END, '' ORDER BY m.n), '')
      FROM regexp_matches(lower(value), '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS m(part, n)
  $$;

-- Kept with the row (a code changes seldom; lists sort on it often).
ALTER TABLE requirements ADD COLUMN code_key text COLLATE "C" GENERATED ALWAYS AS (natural_sort_key(code)) STORED;
CREATE INDEX requirements_process_code_key ON requirements (process_id, code_key);
