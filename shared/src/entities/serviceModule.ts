// Service modules (spec 3): component analysis, code quality, cloud providers, pipelines, CI/CD.
import type { ApiKeyView } from './administration';

export interface ServiceModuleSync {
  sync_time: string;
}

/**
 * A cloud module's (aws, azure) last sync attempt: `failed` with its cause (the cloud's HTTP
 * status when it answered one, and its message), or `ok` with what it brought in.
 */
export interface ServiceModuleSyncAttempt {
  at: string;
  status: 'ok' | 'failed';
  http_status: number | null;
  message: string | null;
  /** Findings the sync reported (null when it failed). */
  findings: number | null;
  /** The findings scopes it replaced: `aws:<account>:<region>`, `azure:<subscription>`. */
  scopes: string[];
  /** Defender for Cloud's secure score of the subscription (Azure). */
  secure_score: { current: number; max: number; percentage: number } | null;
}

export interface ServiceModule {
  id: string;
  type: string;
  category: string | null;
  name: string;
  last_sync: ServiceModuleSync | null;
  configs: Record<string, unknown>;
  /** Present only when fetched through the api-key call. */
  api_key?: string;
}

/** The kinds of service module (docs/authorization.md "Service modules"). */
export type ServiceModuleType =
  | 'component-analysis'
  | 'code-quality'
  | 'aws'
  | 'azure'
  | 'pipeline-management'
  | 'cicd-ingestion';

/** GET modules (and POST, PATCH modules/{type}): a service module, its secrets never included. */
export interface ServiceModuleView {
  id: string;
  type: ServiceModuleType;
  name: string;
  category: string | null;
  last_sync: ServiceModuleSync | null;
  /** A cloud module's last sync attempt (null before the first, and for other types). */
  last_sync_attempt?: ServiceModuleSyncAttempt | null;
  /** The type's settings; secret ones are always null (write-only). */
  configs: Record<string, string | null>;
  secret_fields: string[];
  /** The secret fields that hold a value (the values themselves never leave the API). */
  secrets_set: string[];
  api_key: ApiKeyView | null;
}

/** POST modules/{type}: a new module's name, category and settings (the type is in the path). */
export interface NewServiceModulePayload {
  name: string;
  category: string | null;
  configs: Record<string, string>;
}
