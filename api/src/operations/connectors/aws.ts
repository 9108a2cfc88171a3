// AWS Security Hub connector (issue 24 item 4): GetFindings of every region the module names,
// page by page (NextToken), active records only, with the module's access key or the role it
// assumes through STS. The findings are ASFF, read by the ASFF importer; each account and region
// is a scope of its own (`aws:<account>:<region>`), replaced by each sync. An administrator (the
// aggregator of an AWS Organization) reads its member accounts' findings too: each finding goes to
// the scope of its own `AwsAccountId`, so a member account's findings are never filed under the
// administrator's, and a member scope the previous sync filled but this one no longer reports (the
// member left, or has nothing left) is replaced by nothing: its findings turn fixed.
import { paginateGetFindings, SecurityHubClient, type AwsSecurityFinding } from '@aws-sdk/client-securityhub';
import { AssumeRoleCommand, GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import type { FindingImport } from '@portal/shared/server';
import { parseAsff } from '../importers';
import { CloudSyncError, syncFailure } from './errors';

export interface AwsSettings {
  region?: string;
  regions?: string;
  access_key_id?: string;
  secret_access_key?: string;
  role_arn?: string;
  endpoint?: string;
}

export interface CloudBatch {
  scope: string;
  result: FindingImport;
}

/** The name a role session carries in CloudTrail. */
export const ROLE_SESSION_NAME = 'portal-security-sync';
const PAGE_SIZE = 100;

/** The regions to sync: `regions` (comma-separated), else `region`; distinct, in order. */
export function regionsOf(settings: AwsSettings): string[] {
  const listed = (settings.regions ?? '').split(',').map((region) => region.trim()).filter(Boolean);
  const regions = listed.length > 0 ? listed : [settings.region?.trim() ?? ''].filter(Boolean);
  if (regions.length === 0) throw new CloudSyncError('The AWS module names no region: set its region (or regions).', null);
  const bad = regions.find((region) => !/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region));
  if (bad) throw new CloudSyncError(`'${bad}' is not an AWS region (like eu-west-1).`, null);
  return [...new Set(regions)];
}

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The credentials to call Security Hub with, and the account they act in. */
async function signIn(settings: AwsSettings, region: string): Promise<{ credentials: Credentials; account: string }> {
  if (!settings.access_key_id || !settings.secret_access_key) throw new CloudSyncError('The AWS module has no access key id and secret access key.', null);
  const base: Credentials = { accessKeyId: settings.access_key_id, secretAccessKey: settings.secret_access_key };
  const sts = new STSClient({ region, credentials: base, ...(settings.endpoint ? { endpoint: settings.endpoint } : {}), maxAttempts: 2 });
  try {
    if (settings.role_arn) {
      const assumed = await sts.send(new AssumeRoleCommand({ RoleArn: settings.role_arn, RoleSessionName: ROLE_SESSION_NAME, DurationSeconds: 900 }));
      const given = assumed.Credentials;
      if (!given?.AccessKeyId || !given.SecretAccessKey) throw new CloudSyncError('STS AssumeRole answered no credentials.', null);
      const arn = assumed.AssumedRoleUser?.Arn ?? settings.role_arn;
      return {
        credentials: { accessKeyId: given.AccessKeyId, secretAccessKey: given.SecretAccessKey, sessionToken: given.SessionToken },
        account: arn.split(':')[4] || 'unknown',
      };
    }
    const identity = await sts.send(new GetCallerIdentityCommand({}));
    return { credentials: base, account: identity.Account ?? 'unknown' };
  } catch (error) {
    throw syncFailure(settings.role_arn ? `STS AssumeRole of ${settings.role_arn}` : 'STS GetCallerIdentity', error);
  } finally {
    sts.destroy();
  }
}

/** Every active finding of one region, all pages. */
async function findingsOf(settings: AwsSettings, region: string, credentials: Credentials): Promise<AwsSecurityFinding[]> {
  const client = new SecurityHubClient({ region, credentials, ...(settings.endpoint ? { endpoint: settings.endpoint } : {}), maxAttempts: 2 });
  const findings: AwsSecurityFinding[] = [];
  try {
    const pages = paginateGetFindings({ client, pageSize: PAGE_SIZE }, { Filters: { RecordState: [{ Value: 'ACTIVE', Comparison: 'EQUALS' }] } });
    for await (const page of pages) findings.push(...(page.Findings ?? []));
    return findings;
  } catch (error) {
    throw syncFailure(`Security Hub GetFindings in ${region}`, error);
  } finally {
    client.destroy();
  }
}

/** A scope's account and region (`aws:<account>:<region>`), or undefined for another provider's. */
function scopeParts(scope: string): { account: string; region: string } | undefined {
  const match = /^aws:([^:]+):([^:]+)$/.exec(scope);
  return match ? { account: match[1], region: match[2] } : undefined;
}

/**
 * Reads every region before anything is stored: one failure fails the sync. `previousScopes`: the
 * scopes the module's last good sync recorded; those of a synced region that this sync does not
 * report come back empty (their findings turn fixed).
 */
export async function fetchSecurityHub(settings: AwsSettings, previousScopes: readonly string[] = []): Promise<CloudBatch[]> {
  const regions = regionsOf(settings);
  const { credentials, account } = await signIn(settings, regions[0]);
  const batches: CloudBatch[] = [];
  for (const region of regions) {
    const findings = await findingsOf(settings, region, credentials);
    // The caller's own account always has its scope (empty, it fixes what was there).
    const byAccount = new Map<string, AwsSecurityFinding[]>([[account, []]]);
    for (const finding of findings) {
      const owner = typeof finding.AwsAccountId === 'string' && /^\d{12}$/.test(finding.AwsAccountId) ? finding.AwsAccountId : account;
      byAccount.set(owner, [...(byAccount.get(owner) ?? []), finding]);
    }
    for (const scope of previousScopes) {
      const parts = scopeParts(scope);
      if (parts && parts.region === region && !byAccount.has(parts.account)) byAccount.set(parts.account, []);
    }
    for (const [owner, owned] of byAccount) {
      // The SDK's objects are ASFF with its own names; JSON makes them the document the importer reads.
      const document: unknown = JSON.parse(JSON.stringify({ Findings: owned }));
      batches.push({ scope: `aws:${owner}:${region}`, result: parseAsff(document) });
    }
  }
  return batches;
}
