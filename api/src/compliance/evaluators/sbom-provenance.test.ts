// @backend-agnostic: the evaluator is a function of facts given as data.
// sbom-provenance: the current SBOM of every application in scope records the provenance required
// and identifies enough of its components by a package URL.
import { app, check, factsOf, provenanceOf } from '../../testing/compliance';
import { evaluateSbomProvenance } from './sbom-provenance';

const full = { supplier: 'Acme', authors: ['Ada'], tools: ['cdxgen 10'], timestamp: '2030-06-01T00:00:00Z', signed: true };

it('passes when every SBOM in scope records what is required', async () => {
  const shop = app('shop');
  const blog = app('blog');
  const facts = factsOf({ applications: [shop, blog, app('new', null)], provenance: [provenanceOf(shop, full, { pipeline: true }), provenanceOf(blog, full, { pipeline: true })] });
  const result = await evaluateSbomProvenance(check('sbom-provenance', { require: ['supplier', 'author', 'tool', 'timestamp', 'signature', 'pipeline'], min_identified_percent: 100 }), facts);
  // An application without an SBOM is not judged (sbom-fresh judges that).
  expect(result).toEqual({ status: 'passing', summary: 'The SBOM of every application of the process records its provenance (2 applications with an SBOM).', reasons: [] });
});

it('fails on each SBOM lacking an attribute or enough identified components, saying which, linking to the build', async () => {
  const shop = app('shop', { number: 4 });
  const blog = app('blog', { number: 2 });
  const legacy = app('legacy', { number: 9 });
  const facts = factsOf({
    applications: [shop, blog, legacy],
    provenance: [
      provenanceOf(shop, { tools: ['cdxgen 10'], timestamp: '2030-06-01T00:00:00Z' }),
      provenanceOf(blog, full, { components: 7, identified: 6 }),
      // Stored before provenance was recorded.
      provenanceOf(legacy, null, { pipeline: true }),
    ],
  });
  const result = await evaluateSbomProvenance(check('sbom-provenance', { require: ['supplier', 'author', 'pipeline'], min_identified_percent: 90 }), facts);
  expect(result.status).toBe('failing');
  expect(result.summary).toBe('3 applications of 3 in the process have an SBOM without the provenance required.');
  expect(result.reasons).toEqual([
    { kind: 'application', id: 'app-shop', label: 'shop (build 4): no supplier, no author and uploaded by hand, not by a CI/CD pipeline', link: '/applications/shop?tab=builds&build=build-shop&view=findings' },
    { kind: 'application', id: 'app-blog', label: 'blog (build 2): uploaded by hand, not by a CI/CD pipeline and 85% of 7 components identified by a package URL (90% required)', link: expect.any(String) },
    { kind: 'application', id: 'app-legacy', label: 'legacy (build 9): its provenance was not recorded (stored before the portal read it: upload the SBOM again)', link: expect.any(String) },
  ]);
});

it('judges a build stored before provenance was recorded on what is known: its upload and its components', async () => {
  const legacy = app('legacy');
  const facts = factsOf({ applications: [legacy], provenance: [provenanceOf(legacy, null, { pipeline: true, components: 3, identified: 3 })] });
  expect((await evaluateSbomProvenance(check('sbom-provenance', { require: ['pipeline'], min_identified_percent: 100 }), facts)).status).toBe('passing');
  const byHand = factsOf({ applications: [legacy], provenance: [provenanceOf(legacy, null)] });
  expect((await evaluateSbomProvenance(check('sbom-provenance', { require: ['pipeline'], min_identified_percent: 0 }), byHand)).reasons.map((reason) => reason.label)).toEqual([
    'legacy (build 1): uploaded by hand, not by a CI/CD pipeline',
  ]);
});

it('takes only the applications of its scope, and is not evaluated when none of them has an SBOM', async () => {
  const shop = app('shop', { days: 1 }, { tags: ['pci'] });
  const blog = app('blog');
  const facts = factsOf({ applications: [shop, blog, app('new', null, { tags: ['pci'] })], provenance: [provenanceOf(shop, full), provenanceOf(blog, {})] });
  const tagged = { kind: 'applications' as const, keys: [], portfolios: [], tags: ['pci'] };
  expect((await evaluateSbomProvenance(check('sbom-provenance', { require: ['supplier'], min_identified_percent: 0 }, tagged), facts)).status).toBe('passing');
  const none = { kind: 'applications' as const, keys: ['new'], portfolios: [], tags: [] };
  expect(await evaluateSbomProvenance(check('sbom-provenance', { require: ['supplier'], min_identified_percent: 0 }, none), facts)).toEqual({
    status: 'not_evaluated',
    summary: 'No application of application new has a processed SBOM.',
    reasons: [],
  });
  // An SBOM without components identifies all of them.
  const empty = factsOf({ applications: [blog], provenance: [provenanceOf(blog, full, { components: 0, identified: 0 })] });
  expect((await evaluateSbomProvenance(check('sbom-provenance', { require: [], min_identified_percent: 100 }), empty)).status).toBe('passing');
});
