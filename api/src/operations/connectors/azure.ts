// Microsoft Defender for Cloud connector (issue 24 item 4): the subscription's security alerts and
// assessments (every page, nextLink) and its secure score, through @azure/arm-security with a
// client-secret credential of @azure/identity. The REST JSON of each page (as Microsoft documents
// it, before the SDK flattens it) is what the Defender importer reads; the subscription is one
// scope, `azure:<subscription>`, replaced by each sync.
import type { Agent } from 'node:https';
import { ClientSecretCredential } from '@azure/identity';
import { SecurityCenter } from '@azure/arm-security';
import type { FindingImport } from '@portal/shared/server';
import { parseDefenderJson } from '../importers';
import type { CloudBatch } from './aws';
import { CloudSyncError, syncFailure } from './errors';

export interface AzureSettings {
  tenant_id?: string;
  subscription_id?: string;
  client_id?: string;
  client_secret?: string;
  authority_host?: string;
  arm_endpoint?: string;
}

export interface AzureTransport {
  /** The HTTPS agent of every call (tests: one trusting the local server's certificate). */
  agent?: Agent;
}

export interface SecureScore {
  current: number;
  max: number;
  percentage: number;
}

/** What an SDK call's `onResponse` is given of each answer: its text as sent (`parsedBody` is already the SDK's model). */
interface RawResponse {
  bodyAsText?: string | null;
}

const PUBLIC_ARM = 'https://management.azure.com';

/** The raw JSON of every page an SDK list answers (paging followed by the SDK itself). */
async function rawItems(step: string, list: (onResponse: (raw: RawResponse) => void) => AsyncIterable<unknown>): Promise<unknown[]> {
  const items: unknown[] = [];
  try {
    for await (const _ of list((raw) => {
      const body = (raw.bodyAsText ? JSON.parse(raw.bodyAsText) : undefined) as { value?: unknown } | undefined;
      if (Array.isArray(body?.value)) items.push(...(body.value as unknown[]));
    })) {
      // Every item is collected from its page's raw answer above.
    }
  } catch (error) {
    throw syncFailure(step, error);
  }
  return items;
}

function merge(parts: FindingImport[]): FindingImport {
  return { format: 'defender-json', runs: parts.flatMap((part) => part.runs), findings: parts.flatMap((part) => part.findings) };
}

/** Reads alerts, assessments and the secure score before anything is stored: one failure fails the sync. */
export async function fetchDefender(settings: AzureSettings, transport: AzureTransport = {}): Promise<{ batches: CloudBatch[]; secureScore: SecureScore | null }> {
  const { tenant_id: tenant, subscription_id: subscription, client_id: clientId, client_secret: secret } = settings;
  if (!tenant || !subscription || !clientId || !secret) throw new CloudSyncError('The Azure module needs its tenant id, subscription id, client id and client secret.', null);
  const agent = transport.agent ? { agent: transport.agent as never } : {};
  const arm = (settings.arm_endpoint ?? PUBLIC_ARM).replace(/\/+$/, '');
  const credential = new ClientSecretCredential(tenant, clientId, secret, {
    ...(settings.authority_host ? { authorityHost: settings.authority_host, disableInstanceDiscovery: true } : {}),
    retryOptions: { maxRetries: 1 },
    ...agent,
  });
  const client = new SecurityCenter(credential, subscription, {
    endpoint: arm,
    credentialScopes: [`${arm}/.default`],
    retryOptions: { maxRetries: 1 },
    ...agent,
  });
  const alerts = await rawItems('Defender for Cloud alerts', (onResponse) => client.alerts.list({ onResponse }));
  const assessments = await rawItems('Defender for Cloud assessments', (onResponse) => client.assessments.list(`subscriptions/${subscription}`, { onResponse }));
  const scores = await rawItems('Defender for Cloud secure scores', (onResponse) => client.secureScores.list({ onResponse }));
  const parts: FindingImport[] = [];
  if (alerts.length > 0) parts.push(parseDefenderJson({ value: alerts }));
  if (assessments.length > 0) parts.push(parseDefenderJson({ value: assessments }));
  return { batches: [{ scope: `azure:${subscription.toLowerCase()}`, result: merge(parts) }], secureScore: secureScoreOf(scores) };
}

/** The subscription's overall score ('ascScore'), else the first one listed. */
function secureScoreOf(scores: unknown[]): SecureScore | null {
  type Score = { name?: string; properties?: { score?: { current?: unknown; max?: unknown; percentage?: unknown } } };
  const list = scores as Score[];
  const chosen = list.find((score) => score?.name === 'ascScore') ?? list[0];
  const score = chosen?.properties?.score;
  if (!score || typeof score.current !== 'number' || typeof score.max !== 'number') return null;
  const percentage = typeof score.percentage === 'number' ? score.percentage : score.max > 0 ? score.current / score.max : 0;
  return { current: score.current, max: score.max, percentage };
}
