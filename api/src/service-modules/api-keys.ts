// A service module's API key: 256 random bits shown once (at creation and rotation), stored as its
// SHA-256 only, with the first 8 characters kept so that people can tell keys apart. The CI/CD
// ingestion module's key authenticates SBOM uploads (X-Api-Key, applications issue).
import type { Queryable } from '../db/database';
import { newToken, sha256 } from '../identity/tokens';
import { findServiceModuleByKeyHash, type StoredApiKey } from './repository';
import type { ServiceModuleType } from './types';

export const API_KEY_PREFIX_LENGTH = 8;

export interface GeneratedApiKey {
  /** The key itself: answered this once, never stored. */
  value: string;
  stored: StoredApiKey;
}

export function issueApiKey(now: Date): GeneratedApiKey {
  const value = newToken();
  return { value, stored: { hash: sha256(value), prefix: value.slice(0, API_KEY_PREFIX_LENGTH), createdAt: now } };
}

export interface ApiKeyHolder {
  id: string;
  organization_id: string;
  type: ServiceModuleType;
  name: string;
}

/** The module a presented key belongs to; a rotated-away or unknown key finds none. */
export async function findServiceModuleByApiKey(db: Queryable, key: string): Promise<ApiKeyHolder | undefined> {
  if (typeof key !== 'string' || key === '') return undefined;
  const found = await findServiceModuleByKeyHash(db, sha256(key));
  return found && { id: found.id, organization_id: found.organization_id, type: found.type, name: found.name };
}
