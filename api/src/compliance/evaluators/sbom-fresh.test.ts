// @backend-agnostic: the evaluator is a function of facts given as data.
// sbom-fresh: every application in scope has a processed SBOM newer than N days.
import { app, check, factsOf } from '../../testing/compliance';
import { evaluateSbomFresh } from './sbom-fresh';

it('passes when every application in scope has a processed SBOM newer than the days', async () => {
  const facts = factsOf({ applications: [app('shop', { days: 29 }), app('blog', { days: 2 }), app('old', { days: 90 }, { portfolio: 'legacy' })] });
  const scope = { kind: 'applications' as const, keys: ['shop', 'blog'], portfolios: [], tags: [] };
  expect(await evaluateSbomFresh(check('sbom-fresh', { max_age_days: 30 }, scope), facts)).toEqual({
    status: 'passing',
    summary: 'Every application of application shop, application blog has an SBOM within 30 days (2 applications).',
    reasons: [],
  });
});

it('fails on each application without one or with an older one, linking to the application', async () => {
  const facts = factsOf({ applications: [app('shop', { days: 31, number: 7 }), app('new app', null), app('blog', { days: 1 })] });
  const result = await evaluateSbomFresh(check('sbom-fresh', { max_age_days: 30 }), facts);
  expect(result).toEqual({
    status: 'failing',
    summary: '2 applications of 3 in the process have no SBOM within 30 days.',
    reasons: [
      { kind: 'application', id: 'app-shop', label: 'shop: its newest SBOM (build 7) is 31 days old', link: '/applications/shop' },
      { kind: 'application', id: 'app-new app', label: 'new app: no processed SBOM', link: '/applications/new%20app' },
    ],
  });
});

it('is not evaluated for an empty scope', async () => {
  expect(await evaluateSbomFresh(check('sbom-fresh', { max_age_days: 30 }), factsOf({}))).toEqual({ status: 'not_evaluated', summary: 'The process has no application.', reasons: [] });
  const tagged = check('sbom-fresh', { max_age_days: 30 }, { kind: 'applications', keys: [], portfolios: [], tags: ['pci'] });
  expect((await evaluateSbomFresh(tagged, factsOf({ applications: [app('shop')] }))).summary).toBe('No application matches tag pci.');
});
