// The kinds of service module (spec 1/3) and the settings each needs to reach its service.
// docs/authorization.md fixes the six types and that secrets are write-only, not the field names:
// these are this screen's, and the API stores whatever `configs` it is sent. A module read from
// the API also names its own secret fields (`secret_fields`), which win over this list.
import type { FieldRules } from '@portal/shared';

export const MODULE_TYPES = ['component-analysis', 'code-quality', 'aws', 'azure', 'pipeline-management', 'cicd-ingestion'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

export interface ModuleConfigField {
  name: string;
  label: string;
  /** Write-only: a password input, never prefilled, shown as 'set' / 'not set'. */
  secret?: boolean;
  /** Shown under the input. */
  helperText?: string;
  rules: FieldRules;
}

export interface ModuleTypeDefinition {
  label: string;
  description: string;
  fields: ModuleConfigField[];
}

const url = (label: string): ModuleConfigField => ({ name: 'url', label, rules: { required: true, format: 'url' } });
const secret = (name: string, label: string): ModuleConfigField => ({ name, label, secret: true, rules: { required: true } });
/**
 * How often a cloud module syncs, in whole minutes: the API's own rule (api/src/service-modules/
 * types.ts); empty is the server's default schedule, 0 syncs on demand only.
 */
const syncInterval: ModuleConfigField = {
  name: 'sync_interval_minutes',
  label: 'Sync every (minutes)',
  helperText: 'Whole minutes, at most 10080 (a week). Empty: the default schedule; 0: only with Sync now.',
  rules: { format: 'numeric', min: 0, max: 10080 },
};

export const MODULE_TYPE_DEFINITIONS: Record<ModuleType, ModuleTypeDefinition> = {
  'component-analysis': {
    label: 'Component analysis',
    description: 'Analyses the components of applications for vulnerabilities and licences.',
    fields: [url('Server URL'), secret('api_token', 'API token')],
  },
  'code-quality': {
    label: 'Code quality',
    description: 'Reads code quality and static analysis findings.',
    fields: [url('Server URL'), { name: 'organization', label: 'Organization', rules: { max: 255 } }, secret('token', 'Token')],
  },
  aws: {
    label: 'AWS',
    description: 'Reads security findings and resources of an AWS account.',
    fields: [
      { name: 'region', label: 'Region', rules: { required: true, max: 64 } },
      { name: 'access_key_id', label: 'Access key ID', rules: { required: true, format: 'alphanumeric', max: 128 } },
      secret('secret_access_key', 'Secret access key'),
      { name: 'role_arn', label: 'Role ARN (optional)', rules: { max: 2048 } },
      syncInterval,
    ],
  },
  azure: {
    label: 'Azure',
    description: 'Reads Defender findings and resources of an Azure subscription.',
    fields: [
      { name: 'tenant_id', label: 'Tenant ID', rules: { required: true, max: 64 } },
      { name: 'subscription_id', label: 'Subscription ID', rules: { required: true, max: 64 } },
      { name: 'client_id', label: 'Client ID', rules: { required: true, max: 64 } },
      secret('client_secret', 'Client secret'),
      syncInterval,
    ],
  },
  'pipeline-management': {
    label: 'Pipeline management',
    description: 'Reads builds and pipelines of a CI server.',
    fields: [url('Server URL'), { name: 'project', label: 'Project (optional)', rules: { max: 255 } }, secret('token', 'Token')],
  },
  'cicd-ingestion': {
    label: 'CI/CD ingestion',
    description: 'Lets a CI/CD pipeline upload SBOMs with the module’s API key (X-Api-Key header).',
    fields: [],
  },
};

export function moduleTypeLabel(type: string): string {
  return MODULE_TYPE_DEFINITIONS[type as ModuleType]?.label ?? type;
}

/** The settings of a module: the type's fields, then any other field the API returned. */
export function configFieldsOf(type: string, configs: Record<string, unknown> = {}, secretFields: readonly string[] = []): ModuleConfigField[] {
  const known = MODULE_TYPE_DEFINITIONS[type as ModuleType]?.fields ?? [];
  const extra = Object.keys(configs)
    .filter((name) => !known.some((field) => field.name === name))
    .map((name): ModuleConfigField => ({ name, label: name, rules: {} }));
  return [...known, ...extra].map((field) => (secretFields.includes(field.name) ? { ...field, secret: true } : field));
}
