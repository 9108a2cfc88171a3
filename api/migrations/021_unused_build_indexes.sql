-- Three indexes that no query uses, paid for on every row a build stores (issue 7 "Benchmarks":
-- 94,564 findings took 2.6 s to store in the embedded database, 0.8 s of it for these two on
-- build_findings; juice-shop's 841 components ~2.5 ms for the third).
--
-- - build_findings_id (unique, on a random uuid: each insert lands on a random page): a finding is
--   looked up by its id only within its build (vex/repository.ts findFindings), which the primary
--   key (build_id, …) narrows to that build's findings. The ids stay gen_random_uuid().
-- - build_findings_vulnerability: findings are read by build; the queries across builds (clearing
--   an advisory's findings) compare upper(vulnerability_id) and its aliases, which it cannot serve.
-- - sbom_components_ref (build_id, bom_ref): the two lookups by bom_ref (a VEX export's root, a
--   finding narrowed to one component) are within one build, which the primary key narrows.
DROP INDEX build_findings_id;
DROP INDEX build_findings_vulnerability;
DROP INDEX sbom_components_ref;
