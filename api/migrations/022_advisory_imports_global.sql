-- Importing advisories and KEV catalogs becomes a Global Admin's (import=>Vulnerability@global),
-- no longer any organization admin's (access=>Administration): the vulnerability database is the
-- installation's, and every organization's builds are matched against it. An organization admin
-- could otherwise withdraw or rewrite an advisory, or add a false one, for every organization.
--
-- Built-in roles are stored once (syncBuiltInRoles inserts only missing rows), so an existing
-- installation's Global Admin row is given the new default policy here; a new installation's row
-- is written with it.
UPDATE roles
   SET policies = policies || '[{"effect": "allow", "actions": ["import"], "resources": ["Vulnerability"], "condition": "scope == \"global\""}]'::jsonb
 WHERE organization_id IS NULL
   AND name = '_global_admin'
   AND NOT policies @> '[{"actions": ["import"], "resources": ["Vulnerability"]}]'::jsonb;
