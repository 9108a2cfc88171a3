// Service modules (spec 3): component analysis, code quality, cloud providers, pipelines, CI/CD.
import type { ApiKeyView } from './administration';

export interface ServiceModuleSync {
  sync_time: string;
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
