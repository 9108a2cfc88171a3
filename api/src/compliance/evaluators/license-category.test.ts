// @backend-agnostic: the evaluator is a function of facts given as data (the RBOM of a profile as
// the deployment-profiles rule computes it is read in compliance.test.ts).
// license-category: no component of a license category in the RBOMs of the profiles in scope.
import type { ProfileFact } from '../facts';
import { app, check, factsOf } from '../../testing/compliance';
import { evaluateLicenseCategory } from './license-category';

const shop = app('shop');
const profile = (id: string, environment: ProfileFact['environment'], buildStatus: string | null = 'DONE'): ProfileFact => ({
  id,
  application_id: shop.id,
  name: `${environment} profile`,
  environment,
  version: 1,
  build_id: buildStatus === null ? null : 'build-shop',
  build_number: buildStatus === null ? null : 1,
  build_status: buildStatus,
  exclude: [],
  include_types: [],
});
const component = (position: number, name: string, licenses: string[]) => ({ position, name, group: null, version: '1.0.0', licenses });

it('passes when no component of the RBOMs is of the categories', async () => {
  const facts = factsOf({ applications: [shop], profiles: [profile('p1', 'prod')], rboms: { p1: [component(0, 'express', ['MIT']), component(1, 'glibc', ['LGPL-2.1-only'])] } });
  expect(await evaluateLicenseCategory(check('license-category', { categories: ['strong-copyleft'], environments: [] }), facts)).toEqual({
    status: 'passing',
    summary: 'No strong-copyleft license in the RBOM of 1 deployment profile.',
    reasons: [],
  });
});

it('fails on each component of the categories, in the environments asked', async () => {
  const facts = factsOf({
    applications: [shop],
    profiles: [profile('p1', 'prod'), profile('p2', 'dev')],
    rboms: { p1: [component(0, 'readline', ['GPL-3.0-or-later']), component(1, 'mystery', [])], p2: [component(2, 'gcc', ['GPL-3.0-only'])] },
  });
  const result = await evaluateLicenseCategory(check('license-category', { categories: ['strong-copyleft', 'unknown'], environments: ['prod'] }), facts);
  expect(result).toEqual({
    status: 'failing',
    summary: '2 components under a strong-copyleft and unknown license in the RBOMs (prod) of the process.',
    reasons: [
      { kind: 'component', id: 'build-shop:0', label: "readline@1.0.0 (GPL-3.0-or-later, strong-copyleft) in shop's prod profile (prod)", link: '/applications/shop?tab=builds&build=build-shop&view=licenses' },
      { kind: 'component', id: 'build-shop:1', label: "mystery@1.0.0 (no license declared, unknown) in shop's prod profile (prod)", link: '/applications/shop?tab=builds&build=build-shop&view=licenses' },
    ],
  });
});

it('is not evaluated without a profile with a processed build in scope', async () => {
  const pending = factsOf({ applications: [shop], profiles: [profile('p1', 'prod', 'PENDING'), profile('p2', 'qa', null)] });
  expect(await evaluateLicenseCategory(check('license-category', { categories: ['strong-copyleft'], environments: [] }), pending)).toEqual({
    status: 'not_evaluated',
    summary: 'No deployment profile of the process has a processed build attached.',
    reasons: [],
  });
  expect((await evaluateLicenseCategory(check('license-category', { categories: ['strong-copyleft'], environments: [] }), factsOf({}))).status).toBe('not_evaluated');
});
