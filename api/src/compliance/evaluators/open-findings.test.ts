// @backend-agnostic: the evaluator is a function of facts given as data; what the database says is
// open (VEX exclusions, triage states) is facts.test.ts's.
// open-findings: passing, failing with its reasons in order, not evaluated (nothing scanned, an
// empty scope), and the edges of sources, severities, ages and scopes.
import { app, check, factsOf, securityFinding, sbomFinding } from '../../testing/compliance';
import { evaluateOpenFindings } from './open-findings';

const shop = app('shop');
const blog = app('Blog', { days: 3 }, { portfolio: 'Web', tags: ['pci'] });
const all = ['sbom', 'sast', 'iac', 'cloud'] as const;

it('passes when no open finding is at or above the severity and older than the days', async () => {
  const facts = factsOf({
    applications: [shop],
    sbomFindings: [sbomFinding(shop, 'medium', 90), sbomFinding(shop, 'critical', 5), sbomFinding(shop, 'unknown', 400), sbomFinding(shop, 'none', 400)],
    findingScopes: [{ scope: 'repo:api', cloud: false, categories: ['cloud-posture', 'iac', 'sast'] }],
    securityFindings: [securityFinding('repo:api', 'sast', 'info', 400), securityFinding('repo:api', 'iac', 'high', 29)],
  });
  const result = await evaluateOpenFindings(check('open-findings', { sources: [...all], severity: 'high', older_than_days: 30 }), facts);
  expect(result).toEqual({ status: 'passing', summary: 'No open SBOM, SAST, IaC and cloud finding at or above high first seen more than 30 days ago in the process.', reasons: [] });
});

it('fails with the findings as reasons, most severe and oldest first, each a link', async () => {
  const old = sbomFinding(shop, 'high', 40, { vulnerability_id: 'CVE-2030-1', component: 'qs@1.0.0' });
  const older = sbomFinding(shop, 'high', 100, { vulnerability_id: 'CVE-2030-2', component: 'lodash@4.0.0' });
  const critical = securityFinding('app:shop', 'secret', 'critical', 31, { id: 'f-secret', title: 'AWS key', resource: 'config.yml' });
  const cloud = securityFinding('aws:123456789012:eu-west-1', 'cloud-posture', 'high', 60, { id: 'f-cloud', title: 'S3 public', resource: 'arn:aws:s3:::b' });
  const facts = factsOf({
    applications: [shop],
    sbomFindings: [old, older, sbomFinding(shop, 'high', 10)],
    findingScopes: [
      { scope: 'app:shop', cloud: false, categories: ['secret'] },
      { scope: 'aws:123456789012:eu-west-1', cloud: true, categories: ['cloud-posture'] },
    ],
    securityFindings: [critical, cloud],
  });
  const result = await evaluateOpenFindings(check('open-findings', { sources: [...all], severity: 'high', older_than_days: 30 }), facts);
  expect(result.status).toBe('failing');
  // Nothing in the process was scanned for IaC: the summary says so.
  expect(result.summary).toBe('4 open SBOM, SAST, IaC and cloud findings at or above high first seen more than 30 days ago in the process. Nothing was scanned for IaC findings yet.');
  expect(result.reasons).toEqual([
    { kind: 'finding', id: 'f-secret', label: 'AWS key in config.yml (critical, 31 days)', link: '/security/sast?finding=f-secret', category: 'secret', provider: null },
    { kind: 'vulnerability', id: older.id, label: 'CVE-2030-2 in lodash@4.0.0 of shop (high, 100 days)', link: '/applications/shop?tab=builds&build=build-shop&view=findings' },
    { kind: 'finding', id: 'f-cloud', label: 'S3 public in arn:aws:s3:::b (high, 60 days)', link: '/security/clouds?finding=f-cloud', category: 'cloud-posture', provider: 'aws' },
    { kind: 'vulnerability', id: old.id, label: 'CVE-2030-1 in qs@1.0.0 of shop (high, 40 days)', link: '/applications/shop?tab=builds&build=build-shop&view=findings' },
  ]);
});

it('with 0 days, any open finding at or above the severity fails it, even one seen today', async () => {
  const facts = factsOf({ applications: [shop], sbomFindings: [sbomFinding(shop, 'low', 0)] });
  const result = await evaluateOpenFindings(check('open-findings', { sources: ['sbom'], severity: 'low', older_than_days: 0 }), facts);
  expect(result.status).toBe('failing');
  expect(result.summary).toBe('1 open SBOM finding at or above low in the process.');
});

it('reads only the sources asked: SAST is code and secrets, IaC is IaC and containers', async () => {
  const facts = factsOf({
    applications: [shop],
    sbomFindings: [sbomFinding(shop, 'critical', 50)],
    findingScopes: [{ scope: 'repo:api', cloud: false, categories: ['cloud-threat', 'container', 'sast'] }],
    securityFindings: [securityFinding('repo:api', 'container', 'critical', 50, { id: 'f-container' }), securityFinding('repo:api', 'cloud-threat', 'critical', 50)],
  });
  const iac = await evaluateOpenFindings(check('open-findings', { sources: ['iac'], severity: 'critical', older_than_days: 0 }), facts);
  expect(iac.reasons.map((reason) => reason.id)).toEqual(['f-container']);
  const sast = await evaluateOpenFindings(check('open-findings', { sources: ['sast'], severity: 'critical', older_than_days: 0 }), facts);
  expect(sast).toMatchObject({ status: 'passing', summary: 'No open SAST finding at or above critical in the process.' });
});

it('is scanned per source asked: an IaC import does not make a SAST check evaluated, a clean SAST import does', async () => {
  const sast = check('open-findings', { sources: ['sast'], severity: 'low', older_than_days: 0 });
  const iacOnly = factsOf({ findingScopes: [{ scope: 'repo:api', cloud: false, categories: ['iac'] }], securityFindings: [securityFinding('repo:api', 'iac', 'high', 5)] });
  expect(await evaluateOpenFindings(sast, iacOnly)).toEqual({ status: 'not_evaluated', summary: 'Nothing in the process was scanned for SAST findings yet.', reasons: [] });
  // A SAST run without findings scanned the scope clean.
  const clean = factsOf({ findingScopes: [{ scope: 'repo:api', cloud: false, categories: ['iac', 'sast'] }], securityFindings: [securityFinding('repo:api', 'iac', 'high', 5)] });
  expect(await evaluateOpenFindings(sast, clean)).toEqual({ status: 'passing', summary: 'No open SAST finding at or above low in the process.', reasons: [] });
  // Of two sources asked, the one scanned answers and the other is named.
  const both = check('open-findings', { sources: ['sast', 'iac'], severity: 'low', older_than_days: 0 });
  expect(await evaluateOpenFindings(both, iacOnly)).toMatchObject({ status: 'failing', summary: '1 open SAST and IaC finding at or above low in the process. Nothing was scanned for SAST findings yet.' });
  // Secrets count as SAST, containers as IaC: by category, not by tool.
  const secrets = factsOf({ findingScopes: [{ scope: 'repo:api', cloud: false, categories: ['secret'] }] });
  expect((await evaluateOpenFindings(sast, secrets)).status).toBe('passing');
});

it('is not evaluated when nothing in scope was scanned by the sources, or the scope matches no application', async () => {
  const unscanned = factsOf({ applications: [app('shop', null)], findingScopes: [{ scope: 'repo:other', cloud: false, categories: ['sast'] }] });
  const byKey = check('open-findings', { sources: ['sbom', 'sast'], severity: 'high', older_than_days: 0 }, { kind: 'applications', keys: ['shop'], portfolios: [], tags: [] });
  expect(await evaluateOpenFindings(byKey, unscanned)).toEqual({ status: 'not_evaluated', summary: 'Nothing in application shop was scanned for SBOM and SAST findings yet.', reasons: [] });
  const none = check('open-findings', { sources: ['sbom'], severity: 'high', older_than_days: 0 }, { kind: 'applications', keys: ['nope'], portfolios: [], tags: [] });
  expect(await evaluateOpenFindings(none, factsOf({ applications: [shop] }))).toEqual({ status: 'not_evaluated', summary: 'No application matches application nope.', reasons: [] });
  // An empty process: nothing at all was scanned.
  expect((await evaluateOpenFindings(check('open-findings', { sources: [...all], severity: 'low', older_than_days: 0 }), factsOf({}))).status).toBe('not_evaluated');
});

it('scopes by application key (any case), portfolio or tag; repositories and cloud accounts read no SBOM', async () => {
  const blogFinding = sbomFinding(blog, 'high', 10, { id: 'blog-sbom' });
  const facts = factsOf({
    applications: [shop, blog],
    sbomFindings: [sbomFinding(shop, 'high', 10), blogFinding],
    findingScopes: [
      { scope: 'app:blog', cloud: false, categories: ['sast'] },
      { scope: 'repo:Api', cloud: false, categories: ['sast'] },
      { scope: 'aws:123456789012:eu-west-1', cloud: true, categories: ['cloud-posture'] },
      { scope: 'aws:1234567890123:eu-west-1', cloud: true, categories: ['cloud-posture'] },
    ],
    securityFindings: [
      securityFinding('app:blog', 'sast', 'high', 10, { id: 'blog-sast' }),
      securityFinding('repo:Api', 'sast', 'high', 10, { id: 'repo-sast' }),
      securityFinding('aws:123456789012:eu-west-1', 'cloud-posture', 'high', 10, { id: 'account' }),
      securityFinding('aws:1234567890123:eu-west-1', 'cloud-posture', 'high', 10, { id: 'other-account' }),
    ],
  });
  const params = { sources: [...all], severity: 'high', older_than_days: 0 } as const;
  const ids = async (scope: Parameters<typeof check>[2]) => (await evaluateOpenFindings(check('open-findings', { ...params, sources: [...params.sources] }, scope), facts)).reasons.map((reason) => reason.id).sort();
  expect(await ids({ kind: 'applications', keys: ['BLOG'], portfolios: [], tags: [] })).toEqual(['blog-sast', 'blog-sbom']);
  expect(await ids({ kind: 'applications', keys: [], portfolios: ['web'], tags: [] })).toEqual(['blog-sast', 'blog-sbom']);
  expect(await ids({ kind: 'applications', keys: [], portfolios: [], tags: ['PCI'] })).toEqual(['blog-sast', 'blog-sbom']);
  expect(await ids({ kind: 'repositories', names: ['api'] })).toEqual(['repo-sast']);
  expect(await ids({ kind: 'cloud-accounts', accounts: ['aws:123456789012'] })).toEqual(['account']);
});
