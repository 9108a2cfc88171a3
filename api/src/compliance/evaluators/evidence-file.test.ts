// @backend-agnostic: the evaluator is a function of facts given as data.
// evidence-file: a linked document (in a folder, with a tag) within its review-by date.
import { check, factsOf, NOW } from '../../testing/compliance';
import { evaluateEvidenceFile } from './evidence-file';

const document = (name: string, folder: string, reviewBy: string | null, tags: string[] = []) => ({ id: `doc-${name}`, folder, name, tags, review_by: reviewBy });

it('passes with a linked document without a review date, or whose date is today or later', async () => {
  const facts = factsOf({ evidence: [document('policy.pdf', 'policies', '2030-06-15'), document('old.pdf', 'policies', '2030-06-14')] });
  expect(await evaluateEvidenceFile(check('evidence-file', { folder: null, tag: null }), facts)).toEqual({
    status: 'passing',
    summary: '1 linked document within review date: policies/policy.pdf.',
    reasons: [],
  });
  expect((await evaluateEvidenceFile(check('evidence-file', { folder: null, tag: null }), factsOf({ evidence: [document('a.txt', '', null)] }))).status).toBe('passing');
});

it('fails with the documents past their review-by date', async () => {
  const facts = factsOf({ evidence: [document('old.pdf', 'policies', '2030-06-14')] });
  expect(await evaluateEvidenceFile(check('evidence-file', { folder: null, tag: null }), facts)).toEqual({
    status: 'failing',
    summary: 'Every linked document is past its review-by date (1 document).',
    reasons: [{ kind: 'document', id: 'doc-old.pdf', label: 'policies/old.pdf: review was due on 2030-06-14', link: '/collaboration/share-files?document=doc-old.pdf' }],
  });
});

it('fails, pointing at the requirement, when no document of the folder and tag is linked', async () => {
  const facts = factsOf({ evidence: [document('policy.pdf', 'policies/security', null, ['iso']), document('plan.pdf', 'plans', null, ['soc2'])] });
  // A subfolder is in its folder; tags compare in any case.
  expect((await evaluateEvidenceFile(check('evidence-file', { folder: 'policies', tag: 'ISO' }), facts)).status).toBe('passing');
  expect(await evaluateEvidenceFile(check('evidence-file', { folder: 'policies', tag: 'soc2' }), facts)).toEqual({
    status: 'failing',
    summary: 'No document in policies tagged soc2 is linked to the requirement as evidence.',
    reasons: [{ kind: 'requirement', id: 'req-1', label: 'No document in policies tagged soc2 is linked as evidence.', link: '/requirements?id=req-1' }],
  });
  // 'policies' is not 'policies-old'.
  expect((await evaluateEvidenceFile(check('evidence-file', { folder: 'policies', tag: null }), factsOf({ evidence: [document('x.pdf', 'policies-old', null)] }))).status).toBe('failing');
  expect(NOW.toISOString().slice(0, 10)).toBe('2030-06-15');
});
