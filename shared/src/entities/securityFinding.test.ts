// The triage and import-query schemas of the finding model: what the API will accept as input.
import * as v from 'valibot';
import { FindingImportQuerySchema, FindingTriageSchema } from './securityFinding';

const issues = (result: { success: boolean; issues?: Array<{ message: string }> }) => (result.success ? [] : result.issues!.map((issue) => issue.message));

it('takes a triage of several findings to a person’s state, with a reason', () => {
  expect(v.parse(FindingTriageSchema, { ids: ['a', 'b'], state: 'false_positive', reason: '  test code  ' })).toEqual({ ids: ['a', 'b'], state: 'false_positive', reason: 'test code' });
});

it('refuses fixed and suppressed (the scanners set them), no ids, and a risk acceptance without reason or expiry', () => {
  expect(v.safeParse(FindingTriageSchema, { ids: ['a'], state: 'fixed' }).success).toBe(false);
  expect(v.safeParse(FindingTriageSchema, { ids: ['a'], state: 'suppressed' }).success).toBe(false);
  expect(v.safeParse(FindingTriageSchema, { ids: [], state: 'open' }).success).toBe(false);
  expect(issues(v.safeParse(FindingTriageSchema, { ids: ['a'], state: 'risk_accepted', reason: 'legacy' }))).toEqual(['A risk acceptance needs a reason and an expiry date.']);
  expect(v.parse(FindingTriageSchema, { ids: ['a'], state: 'risk_accepted', reason: 'legacy', expires_at: '2027-06-30' })).toMatchObject({ expires_at: '2027-06-30' });
  expect(v.safeParse(FindingTriageSchema, { ids: ['a'], state: 'risk_accepted', reason: 'legacy', expires_at: '30.06.2027' }).success).toBe(false);
});

it('names a known format or none, and a scope of 1–200 characters', () => {
  expect(v.parse(FindingImportQuerySchema, { format: 'sarif', scope: ' app:shop ' })).toEqual({ format: 'sarif', scope: 'app:shop' });
  expect(v.safeParse(FindingImportQuerySchema, { format: 'zip' }).success).toBe(false);
  expect(v.safeParse(FindingImportQuerySchema, { scope: '   ' }).success).toBe(false);
});
