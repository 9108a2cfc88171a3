// The package of each stored component (migration 046): what an import's monitoring reads its
// components by. The migration keys the rows already stored with SQL that reads a purl as the API
// does (componentPackageKey) — or leaves it null when it cannot be sure, so that such a row is
// read by every import as before. Run on the back end of the test pass (PGlite or Postgres).
import { randomUUID } from 'node:crypto';
import { cp, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';
import { openDatabase } from '../db/open';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { componentPackageKey } from '../vulnerabilities/index';

let environment: TestEnvironment;
let database: Database;

beforeAll(async () => {
  environment = await createTestEnvironment({ unmigrated: true });
  database = await openDatabase(environment.config);
}, 60_000);

afterAll(async () => {
  await database?.close();
  await environment?.cleanup();
});

/** Purls the migration keys as the API does. */
const KEYED = [
  'pkg:npm/lodash@4.17.15',
  'pkg:npm/%40angular/core@12.0.0',
  'pkg:npm/@babel/Core@7.0.0',
  'PKG:NPM//Express@4.0?foo=bar#sub/path',
  'pkg:npm/left-pad/',
  'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar',
  'pkg:maven/log4j-core@2.14.1',
  'pkg:pypi/Django_Rest.Framework@3.0',
  'pkg:golang/github.com/Sirupsen/logrus@v1.0.0%2Bincompatible',
  'pkg:composer/Laravel/Framework@8.0',
  'pkg:gem/rails@6.0#lib',
  'pkg:nuget/Newtonsoft.Json@12.0.1',
  'pkg:cargo/Serde@1.0',
  'pkg:hex/Phoenix@1.0',
  'pkg:swift/github.com/apple/swift-nio@2.0',
  'pkg:pub/http@0.13',
  'pkg:conan/zlib@1.2',
  'pkg:cran/ggplot2@3.4',
  'pkg:hackage/aeson@2.0',
  'pkg:deb/debian/curl@7.0',
  'pkg:npm',
  'pkg:1npm/x@1',
  'not a purl',
  null,
];
/** Purls it leaves to the API (null: read by every import). */
const UNSURE = ['pkg:npm/caf%C3%A9@1.0', ' pkg:npm/padded@1', 'pkg:npm/x y@1', 'pkg:pypi/na\u00efve@1'];

test('the migration keys the components already stored as the API keys new ones, and leaves those it cannot read to the API', async () => {
  // The migrations before 046, then components stored as they were.
  const before = path.join(environment.dir, 'migrations-045');
  await mkdir(before, { recursive: true });
  for (const file of await readdir(MIGRATIONS_DIR)) if (file < '046') await cp(path.join(MIGRATIONS_DIR, file), path.join(before, file));
  await migrate(database, before);
  const buildId = randomUUID();
  const purls = [...KEYED, ...UNSURE];
  await database.query(
    `INSERT INTO sbom_components (build_id, position, bom_ref, name, purl)
     SELECT $1, p.n - 1, 'c' || p.n, 'component', p.purl FROM unnest($2::text[]) WITH ORDINALITY AS p(purl, n)`,
    [buildId, purls],
  );

  expect(await migrate(database)).toContain('046');
  const rows = await database.query<{ purl: string | null; package: string | null }>('SELECT purl, package FROM sbom_components WHERE build_id = $1 ORDER BY position', [buildId]);
  expect(rows.map((row) => row.purl)).toEqual(purls);
  const keyed = rows.slice(0, KEYED.length);
  expect(keyed.map((row) => row.package)).toEqual(KEYED.map((purl) => componentPackageKey(purl)));
  expect(rows.slice(KEYED.length).map((row) => row.package)).toEqual(UNSURE.map(() => null));
  // What the keys look like.
  expect(keyed.slice(0, 3).map((row) => row.package)).toEqual(['npm\u001flodash', 'npm\u001f@angular/core', 'npm\u001f@babel/core']);
  expect(keyed.find((row) => row.purl?.startsWith('pkg:pypi'))?.package).toBe('PyPI\u001fdjango-rest-framework');
  expect(keyed.filter((row) => row.package === '').map((row) => row.purl)).toEqual(['pkg:maven/log4j-core@2.14.1', 'pkg:deb/debian/curl@7.0', 'pkg:npm', 'pkg:1npm/x@1', 'not a purl', null]);
  // The function agrees with the API on more purls than those stored: null, or the API's key.
  for (const purl of [...purls, 'pkg:golang/golang.org/x/Text@v0.3.0', 'pkg:maven/Org.Acme/Widget@1', 'pkg:npm/%40scope%2Fpkg@1', 'pkg:npm/a@b@1.0']) {
    const [{ key }] = await database.query<{ key: string | null }>('SELECT sbom_component_package($1) AS key', [purl]);
    if (key !== null) expect([purl, key]).toEqual([purl, componentPackageKey(purl)]);
  }
}, 120_000);
