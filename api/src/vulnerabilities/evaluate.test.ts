// @backend-agnostic: pure functions; no table is read or written.
// The hand-checked table: each row was worked out by reading the advisory (or the synthetic record)
// and applying the OSV rules and the ecosystem's order by hand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Evaluator, fixedVersions, type Evaluation } from './evaluate';
import type { OsvRange, OsvRecord } from './osv';
import { baseEcosystem, normalizePackageName, osvPackageOf } from './purl';

const OSV_DIR = path.join(__dirname, 'testdata', 'osv');

function advisory(id: string): OsvRecord {
  return JSON.parse(readFileSync(path.join(OSV_DIR, `${id}.json`), 'utf8')) as OsvRecord;
}

function synthetic(ecosystem: string, name: string, ranges: OsvRange[], versions: string[] = []): OsvRecord {
  return { id: 'TEST-0001', modified: '2026-11-22T00:00:00Z', affected: [{ package: { ecosystem, name }, ranges, versions }] };
}

/** The status of the purl against a record: what OSV's IsVulnerable answers, with our reasons. */
function status(purl: string, record: OsvRecord): Evaluation['status'] {
  const pkg = osvPackageOf(purl);
  if (!pkg) throw new Error(`not a supported purl: ${purl}`);
  const evaluator = new Evaluator();
  let result: Evaluation['status'] = 'not-affected';
  for (const affected of record.affected ?? []) {
    if (!affected.package) continue;
    const ecosystem = baseEcosystem(affected.package.ecosystem);
    if (ecosystem !== pkg.ecosystem || normalizePackageName(ecosystem, affected.package.name) !== pkg.name) continue;
    const evaluation = evaluator.evaluate({ ecosystem, versions: affected.versions ?? [], ranges: affected.ranges ?? [] }, pkg.version);
    if (evaluation.status === 'affected') return 'affected';
    if (evaluation.status === 'not-evaluated') result = 'not-evaluated';
  }
  return result;
}

const A = 'affected';
const N = 'not-affected';
const U = 'not-evaluated';

const PRERELEASE = synthetic('npm', 'pre', [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.0.0' }] }]);
const PYPI = synthetic('PyPI', 'Django_Rest', [
  { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.0.post1' }] },
  { type: 'ECOSYSTEM', events: [{ introduced: '1.5' }, { fixed: '2.0' }] },
]);
const GIT = synthetic('PyPI', 'gitonly', [
  { type: 'GIT', repo: 'https://github.com/example/gitonly', events: [{ introduced: '0' }, { fixed: '9f266ea9e77c9f266ea9e77c9f266ea9e77c9f26' }] },
]);
const LIMIT = synthetic('crates.io', 'limited', [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { limit: '2.0.0' }] }]);
const GEM = synthetic('RubyGems', 'rails', [{ type: 'ECOSYSTEM', events: [{ introduced: '5.2.0' }, { fixed: '5.2.4.3' }] }]);

// [description, purl, record, expected]
const TABLE: [string, string, OsvRecord, Evaluation['status']][] = [
  ['npm: version equal to fixed is not affected', 'pkg:npm/ws@7.4.6', advisory('GHSA-6fc8-4gx4-v693'), N],
  ['npm: just below fixed is affected', 'pkg:npm/ws@7.4.5', advisory('GHSA-6fc8-4gx4-v693'), A],
  ['npm: between two ranges (6.2.2 fixed, 7.0.0 introduced) is not affected', 'pkg:npm/ws@6.2.3', advisory('GHSA-6fc8-4gx4-v693'), N],
  ['npm: introduced "0" covers the very first version', 'pkg:npm/lodash@0.0.1', advisory('GHSA-jf85-cpcp-j695'), A],
  ['npm: scoped package of another name does not match', 'pkg:npm/lodash-es@4.17.14', advisory('GHSA-jf85-cpcp-j695'), N],
  ['SEMVER: pre-release 1.0.0-rc.1 < fixed 1.0.0 is affected', 'pkg:npm/pre@1.0.0-rc.1', PRERELEASE, A],
  ['SEMVER: the release 1.0.0 itself is fixed', 'pkg:npm/pre@1.0.0', PRERELEASE, N],
  ['npm: overlapping ranges, introduced "1.0" up to fixed 3.1.1 (upstream quirk)', 'pkg:npm/node-fetch@2.6.9', advisory('GHSA-r683-j2x4-v87g'), A],
  ['npm: empty "fixed" event ignored: every version affected (marsdb has no fix)', 'pkg:npm/marsdb@0.6.11', advisory('GHSA-5mrr-rgp6-x4gr'), A],
  ['Go: last_affected 3.2.0 itself is affected', 'pkg:golang/github.com/dgrijalva/jwt-go@v3.2.0', advisory('GHSA-w73w-5m7g-f7qc'), A],
  ['Go: above last_affected is not affected', 'pkg:golang/github.com/dgrijalva/jwt-go@v3.2.1', advisory('GHSA-w73w-5m7g-f7qc'), N],
  ['Go: a v3.0.0 pseudo-version precedes the fixed 3.0.0', 'pkg:golang/gopkg.in/yaml.v3@v3.0.0-20200313102051-9f266ea9e77c', advisory('GHSA-hp87-p4gw-j4gq'), A],
  ['Go: the fixed version v3.0.0 is not affected', 'pkg:golang/gopkg.in/yaml.v3@v3.0.0', advisory('GHSA-hp87-p4gw-j4gq'), N],
  ['Go: a package path is not its module (golang.org/x/text vs …/language)', 'pkg:golang/golang.org/x/text@v0.3.7', advisory('GHSA-69ch-w2m2-3vjp'), N],
  ['Maven: 24.1.1-jre sorts after fixed 24.1.1 (unknown qualifier after release)', 'pkg:maven/com.google.guava/guava@24.1.1-jre?type=jar', advisory('GHSA-mvr2-9pj6-7w5j'), N],
  ['Maven: 24.1.0-jre is below fixed 24.1.1', 'pkg:maven/com.google.guava/guava@24.1.0-jre', advisory('GHSA-mvr2-9pj6-7w5j'), A],
  ['Maven: 2.9.10 < 2.9.10.4 (fourth part)', 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.10', advisory('GHSA-58pp-9c76-5625'), A],
  ['Maven: 2.9.10.4 equals fixed', 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.10.4', advisory('GHSA-58pp-9c76-5625'), N],
  ['Maven: introduced 2.4.0-rc1 includes 2.4.0 (rc < release)', 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.4.0', advisory('GHSA-jjjh-jjxp-wpff'), A],
  ['Maven: below introduced 1.5 is not affected', 'pkg:maven/org.apache.commons/commons-text@1.2', advisory('GHSA-599f-7c49-w659'), N],
  ['Maven: versions[] lists 1.6.1-jboss although it sorts above last_affected 1.6.1', 'pkg:maven/dom4j/dom4j@1.6.1-jboss', advisory('GHSA-hwj3-m3p6-hj38'), A],
  ['Maven: last_affected 1.6.1 boundary itself', 'pkg:maven/dom4j/dom4j@1.6.1', advisory('GHSA-hwj3-m3p6-hj38'), A],
  ['Maven: 1.6.1-redhat is neither listed nor in range', 'pkg:maven/dom4j/dom4j@1.6.1-redhat', advisory('GHSA-hwj3-m3p6-hj38'), N],
  ['Packagist: 6.5.8 is above fixed 6.5.7', 'pkg:composer/guzzlehttp/guzzle@6.5.8', advisory('GHSA-w248-ffj2-4v5q'), N],
  ['Packagist: v6.5.6 (v prefix normalized) is affected', 'pkg:composer/guzzlehttp/guzzle@v6.5.6', advisory('GHSA-w248-ffj2-4v5q'), A],
  ['Packagist: second range 7.0.0–7.4.4', 'pkg:composer/guzzlehttp/guzzle@7.4.3', advisory('GHSA-w248-ffj2-4v5q'), A],
  ['Packagist: 1.9.0 < fixed 1.9.1', 'pkg:composer/guzzlehttp/psr7@1.9.0', advisory('GHSA-wxmh-65f7-jcvw'), A],
  ['NuGet: case-insensitive name, 2.29.1 < 2.29.2', 'pkg:nuget/moment.js@2.29.1', advisory('GHSA-8hfj-j24r-96c4'), A],
  ['NuGet: 2.29.2.0 equals fixed 2.29.2', 'pkg:nuget/Moment.js@2.29.2.0', advisory('GHSA-8hfj-j24r-96c4'), N],
  ['PyPI: PEP 503 names; 1.0 < fixed 1.0.post1', 'pkg:pypi/django-rest@1.0', PYPI, A],
  ['PyPI: the post-release 1.0.post1 is the fix', 'pkg:pypi/Django.Rest@1.0.post1', PYPI, N],
  ['PyPI: 2.0.dev1 is before fixed 2.0', 'pkg:pypi/django_rest@2.0.dev1', PYPI, A],
  ['PyPI: 2.0.post1 is after fixed 2.0', 'pkg:pypi/django-rest@2.0.post1', PYPI, N],
  ['GIT ranges are not evaluated (never a match)', 'pkg:pypi/gitonly@1.0', GIT, U],
  ['limit: below the limit is affected', 'pkg:cargo/limited@1.9.9', LIMIT, A],
  ['limit: the limit itself is not', 'pkg:cargo/limited@2.0.0', LIMIT, N],
  ['RubyGems: 5.2.4.pre is inside [5.2.0, 5.2.4.3)', 'pkg:gem/rails@5.2.4.pre', GEM, A],
  ['RubyGems: 5.2.4.3 equals fixed', 'pkg:gem/rails@5.2.4.3', GEM, N],
  ['an unparseable version is reported, not matched', 'pkg:npm/ws@latest', advisory('GHSA-6fc8-4gx4-v693'), U],
];

describe('hand-checked matches and near misses', () => {
  test.each(TABLE)('%s (%s)', (_description, purl, record, expected) => {
    expect(status(purl, record)).toBe(expected);
  });
});

test('not-evaluated results say why', () => {
  const evaluator = new Evaluator();
  const git = GIT.affected![0];
  expect(evaluator.evaluate({ ecosystem: 'PyPI', versions: [], ranges: git.ranges! }, '1.0')).toEqual({ status: 'not-evaluated', reason: 'GIT range (commits) not evaluated' });
  expect(evaluator.evaluate({ ecosystem: 'npm', versions: [], ranges: PRERELEASE.affected![0].ranges! }, 'latest')).toEqual({
    status: 'not-evaluated',
    reason: "'latest' is not a version of the SemVer order",
  });
  expect(evaluator.evaluate({ ecosystem: 'npm', versions: [], ranges: PRERELEASE.affected![0].ranges! }, null).status).toBe('not-evaluated');
  expect(evaluator.evaluate({ ecosystem: 'Debian:11', versions: [], ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }] }] }, '1.0')).toEqual({
    status: 'not-evaluated',
    reason: "no version order for the ecosystem 'Debian:11'",
  });
});

test('fixed versions of an affected package', () => {
  const ws = advisory('GHSA-6fc8-4gx4-v693').affected!.map((a) => fixedVersions({ ecosystem: 'npm', versions: [], ranges: a.ranges! }));
  expect(ws).toEqual([['7.4.6'], ['6.2.2'], ['5.2.3']]);
});
