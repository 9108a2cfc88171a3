// @backend-agnostic: the evaluator is a function of facts given as data (facts.test.ts finds a
// control's findings in the database).
// cloud-control: a control passing on every resource of the cloud accounts in scope.
import type { ControlFindingFact } from '../facts';
import { check, factsOf, securityFinding } from '../../testing/compliance';
import { evaluateCloudControl } from './cloud-control';

const scopes = [
  { scope: 'aws:123456789012:eu-west-1', cloud: true, categories: ['cloud-posture' as const] },
  { scope: 'aws:210987654321:us-east-1', cloud: true, categories: ['cloud-posture' as const] },
  { scope: 'repo:api', cloud: false, categories: ['sast' as const] },
];
const failing = (scope: string, control: string, resource: string): ControlFindingFact => ({
  ...securityFinding(scope, 'cloud-posture', 'high', 10, { id: `${scope}/${resource}`, title: `${control} failed`, resource }),
  control,
});

it('passes when no resource of the accounts in scope fails the controls', async () => {
  const facts = factsOf({ findingScopes: scopes, controlFindings: [failing('aws:210987654321:us-east-1', 'S3.1', 'arn:aws:s3:::other')] });
  const result = await evaluateCloudControl(check('cloud-control', { controls: ['S3.1', 'S3.8'] }, { kind: 'cloud-accounts', accounts: ['aws:123456789012'] }), facts);
  expect(result).toEqual({ status: 'passing', summary: 'S3.1 and S3.8 fail on no resource of cloud account aws:123456789012.', reasons: [] });
});

it('tells and lists the resources in scope the last imports reported passing the controls', async () => {
  const pass = (scope: string, control: string, resource: string) => ({ scope, control, resource, provider: 'aws' });
  const facts = factsOf({
    findingScopes: scopes,
    controlPasses: [pass('aws:123456789012:eu-west-1', 'S3.1', 'arn:aws:s3:::logs'), pass('aws:123456789012:eu-west-1', 'S3.8', 'arn:aws:s3:::logs'), pass('aws:123456789012:eu-west-1', 'S3.1', 'arn:aws:s3:::data'), pass('aws:210987654321:us-east-1', 'S3.1', 'arn:aws:s3:::other')],
  });
  const result = await evaluateCloudControl(check('cloud-control', { controls: ['S3.1', 'S3.8'] }, { kind: 'cloud-accounts', accounts: ['aws:123456789012'] }), facts);
  expect(result.status).toBe('passing');
  expect(result.summary).toBe('S3.1 and S3.8 pass on 2 resources of cloud account aws:123456789012 and fail on none.');
  expect(result.reasons.map((reason) => reason.label)).toEqual(['S3.1: passes on arn:aws:s3:::logs', 'S3.8: passes on arn:aws:s3:::logs', 'S3.1: passes on arn:aws:s3:::data']);
  expect(result.reasons[0]).toEqual({ kind: 'resource', id: 'S3.1@arn:aws:s3:::logs', label: 'S3.1: passes on arn:aws:s3:::logs', link: null, category: 'cloud-posture', provider: 'aws' });
  // A failure anywhere in scope outweighs the passes.
  const failed = factsOf({ findingScopes: scopes, controlPasses: [pass('aws:123456789012:eu-west-1', 'S3.1', 'arn:aws:s3:::data')], controlFindings: [failing('aws:123456789012:eu-west-1', 'S3.1', 'arn:aws:s3:::logs')] });
  expect((await evaluateCloudControl(check('cloud-control', { controls: ['S3.1'] }), failed)).summary).toBe('S3.1 fails on 1 resource of the process.');
});

it('fails with each failing resource as a reason', async () => {
  const facts = factsOf({
    findingScopes: scopes,
    controlFindings: [failing('aws:123456789012:eu-west-1', 'S3.1', 'arn:aws:s3:::logs'), failing('aws:210987654321:us-east-1', 'S3.1', 'arn:aws:s3:::data')],
  });
  const result = await evaluateCloudControl(check('cloud-control', { controls: ['S3.1'] }), facts);
  expect(result.status).toBe('failing');
  expect(result.summary).toBe('S3.1 fails on 2 resources of the process.');
  expect(result.reasons[0]).toEqual({
    kind: 'resource',
    id: 'aws:123456789012:eu-west-1/arn:aws:s3:::logs',
    label: 'S3.1: S3.1 failed in arn:aws:s3:::logs (high, 10 days)',
    link: '/security/clouds?finding=aws%3A123456789012%3Aeu-west-1%2Farn%3Aaws%3As3%3A%3A%3Alogs',
    category: 'cloud-posture',
    provider: 'aws',
  });
});

it('is not evaluated until cloud findings were imported into the scope', async () => {
  const facts = factsOf({ findingScopes: [{ scope: 'repo:api', cloud: false, categories: ['sast'] }] });
  expect(await evaluateCloudControl(check('cloud-control', { controls: ['S3.1'] }), facts)).toEqual({
    status: 'not_evaluated',
    summary: 'No cloud findings were imported into the process yet.',
    reasons: [],
  });
  const other = check('cloud-control', { controls: ['S3.1'] }, { kind: 'cloud-accounts', accounts: ['azure:0000'] });
  expect((await evaluateCloudControl(other, factsOf({ findingScopes: scopes }))).status).toBe('not_evaluated');
});
