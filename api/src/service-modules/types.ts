// The kinds of service module (docs/authorization.md "Service modules") and the settings each
// needs to reach its service. The field names are those of the administration screen
// (mfe-admin service-modules/api/moduleTypes.ts); secret fields are write-only.
import type { FieldRules, ServiceModuleType } from '@portal/shared/server';

export const SERVICE_MODULE_TYPES = [
  'component-analysis',
  'code-quality',
  'aws',
  'azure',
  'pipeline-management',
  'cicd-ingestion',
] as const satisfies readonly ServiceModuleType[];
// The contract's union: the list above may hold none other, and CONFIG_FIELDS must name every one.
export type { ServiceModuleType };

export interface ConfigField {
  name: string;
  /** Sealed at rest, never returned (null in every answer). */
  secret?: boolean;
  rules: FieldRules;
}

const url: ConfigField = { name: 'url', rules: { required: true, format: 'url', max: 2048 } };
const secret = (name: string): ConfigField => ({ name, secret: true, rules: { required: true, max: 4096 } });
const text = (name: string, max: number, required = false): ConfigField => ({ name, rules: { required, max } });
/** Optional: where the cloud's API is answered instead of its public endpoint (AWS-compatible services, tests). */
const endpoint = (name: string): ConfigField => ({ name, rules: { format: 'url', max: 2048 } });
/** Minutes between scheduled cloud syncs; empty: the default (CLOUD_SYNC_DEFAULT_MINUTES), 0: on demand only. */
const syncInterval: ConfigField = { name: 'sync_interval_minutes', rules: { format: 'numeric', min: 0, max: 10080 } };

export const CONFIG_FIELDS: Readonly<Record<ServiceModuleType, readonly ConfigField[]>> = Object.freeze({
  'component-analysis': [url, secret('api_token')],
  'code-quality': [url, text('organization', 255), secret('token')],
  aws: [
    text('region', 64, true),
    { name: 'access_key_id', rules: { required: true, format: 'alphanumeric', max: 128 } },
    secret('secret_access_key'),
    text('role_arn', 2048),
    // Security Hub is regional: the regions to sync, comma-separated (empty: `region` alone).
    text('regions', 1024),
    endpoint('endpoint'),
    syncInterval,
  ],
  azure: [
    text('tenant_id', 64, true),
    text('subscription_id', 64, true),
    text('client_id', 64, true),
    secret('client_secret'),
    // Sovereign clouds and tests: the Entra ID authority and the Resource Manager endpoint.
    endpoint('authority_host'),
    endpoint('arm_endpoint'),
    syncInterval,
  ],
  'pipeline-management': [url, text('project', 255), secret('token')],
  // Its one credential is the module's API key (X-Api-Key on SBOM uploads).
  'cicd-ingestion': [],
});

export function isServiceModuleType(type: string): type is ServiceModuleType {
  return (SERVICE_MODULE_TYPES as readonly string[]).includes(type);
}

export const unknownType = (type: string): string =>
  `'${type}' is not a type of service module; the types are: ${SERVICE_MODULE_TYPES.join(', ')}.`;

export function secretFieldsOf(type: ServiceModuleType): string[] {
  return CONFIG_FIELDS[type].filter((field) => field.secret).map((field) => field.name);
}
