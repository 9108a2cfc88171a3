// @backend-agnostic: which checks a batch of changes concerns is a function of the checks, the
// changes and the applications.
// A build of one application re-evaluates the checks whose scope holds it, of the kinds that read
// SBOMs — not a check over another application, nor an evidence check; a findings import, the
// scopes it falls in; a document or a task, its requirement's checks of that kind.
import type { ComplianceCheckKind, ComplianceScope } from '@portal/shared/server';
import { app } from '../testing/compliance';
import { affectedChecks, isFull, kindsOf } from './affected';
import type { CheckRow } from './repository';

const shop = app('shop');
const blog = app('blog', { days: 1 }, { portfolio: 'web' });
const row = (id: string, kind: ComplianceCheckKind, scope: ComplianceScope = { kind: 'process' }, requirement = 'r1') => ({ id, kind, scope, requirement_id: requirement }) as CheckRow;
const keys = (...names: string[]): ComplianceScope => ({ kind: 'applications', keys: names, portfolios: [], tags: [] });

const checks = [
  row('all-findings', 'open-findings'),
  row('shop-findings', 'open-findings', keys('shop')),
  row('blog-findings', 'open-findings', keys('blog')),
  row('web-fresh', 'sbom-fresh', { kind: 'applications', keys: [], portfolios: ['WEB'], tags: [] }),
  row('repo-findings', 'open-findings', { kind: 'repositories', names: ['api'] }),
  row('account-control', 'cloud-control', { kind: 'cloud-accounts', accounts: ['aws:123456789012'] }),
  row('licenses', 'license-category', keys('shop')),
  row('exploits', 'active-exploit', keys('blog')),
  row('web-provenance', 'sbom-provenance', { kind: 'applications', keys: [], portfolios: ['web'], tags: [] }),
  row('evidence', 'evidence-file', { kind: 'process' }, 'r1'),
  row('other-evidence', 'evidence-file', { kind: 'process' }, 'r2'),
  row('tasks', 'recurring-task', { kind: 'process' }, 'r2'),
];
const affected = (...changes: Array<{ topic: string; subject: string | null }>) => affectedChecks(checks, changes, [shop, blog]).map((check) => check.id);

it("a build re-evaluates the checks whose scope holds its application, of the kinds reading SBOMs", () => {
  expect(affected({ topic: 'sbom', subject: shop.id })).toEqual(['all-findings', 'shop-findings', 'licenses']);
  expect(affected({ topic: 'sbom', subject: blog.id })).toEqual(['all-findings', 'blog-findings', 'web-fresh', 'exploits', 'web-provenance']);
  expect(kindsOf([{ topic: 'sbom', subject: shop.id }]).sort()).toEqual(['active-exploit', 'license-category', 'open-findings', 'sbom-fresh', 'sbom-provenance']);
});

it('an import re-evaluates the checks whose scope holds the findings scope', () => {
  expect(affected({ topic: 'findings', subject: 'repo:api' })).toEqual(['all-findings', 'repo-findings']);
  expect(affected({ topic: 'findings', subject: 'aws:123456789012:eu-west-1' })).toEqual(['all-findings', 'account-control']);
  expect(affected({ topic: 'findings', subject: 'app:BLOG' })).toEqual(['all-findings', 'blog-findings', 'exploits']);
});

it("a profile, a document, a task and the KEV catalog concern their kinds of check only", () => {
  expect(affected({ topic: 'profiles', subject: shop.id })).toEqual(['licenses']);
  expect(affected({ topic: 'documents', subject: 'r1' })).toEqual(['evidence']);
  expect(affected({ topic: 'tasks', subject: 'r2' })).toEqual(['tasks']);
  expect(affected({ topic: 'kev', subject: null })).toEqual(['exploits']);
  // A requirement deleted or restored: every check of it.
  expect(affected({ topic: 'requirement', subject: 'r2' })).toEqual(['other-evidence', 'tasks']);
});

it('an application added, renamed or deleted may move any applications scope; a full pass or an unknown topic is every check', () => {
  expect(affected({ topic: 'applications', subject: 'app-gone' })).toEqual(['all-findings', 'shop-findings', 'blog-findings', 'web-fresh', 'licenses', 'exploits', 'web-provenance']);
  expect(isFull([{ topic: 'sbom', subject: shop.id }, { topic: 'full', subject: null }])).toBe(true);
  expect(isFull([{ topic: 'something-new', subject: null }])).toBe(true);
  expect(isFull([{ topic: 'requirement', subject: 'r1' }])).toBe(false);
});
