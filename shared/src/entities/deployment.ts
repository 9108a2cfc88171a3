// Deployment profiles and the runtime BOM (issue 7 item 13; spec 3 "Deployment profile", spec 7
// apps/{appKey}/deploymentProfiles…): where an application is deployed (an environment), which
// build runs there, and what of that build's SBOM runs — the RBOM — by the rule of
// docs/applications-api.md "Deployment profiles and RBOM". The input rules are shared by the form
// and the API.
import type { FieldRules } from './formField';
import type { DeploymentProfile } from './application';
import { validateField, type FieldValue } from '../validation/fieldSchema';

export const DEPLOYMENT_ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'] as const;
export type DeploymentEnvironment = (typeof DEPLOYMENT_ENVIRONMENTS)[number];

/** CycloneDX 1.6 component types: a profile may keep only some of them in its RBOM. */
export const RBOM_COMPONENT_TYPES = [
  'application',
  'framework',
  'library',
  'container',
  'platform',
  'operating-system',
  'device',
  'device-driver',
  'firmware',
  'file',
  'machine-learning-model',
  'data',
  'cryptographic-asset',
] as const;

/** At most this many exclusion patterns per profile. */
export const MAX_EXCLUSION_PATTERNS = 50;

export const DEPLOYMENT_PROFILE_RULES: Readonly<Record<'name' | 'description' | 'pattern', FieldRules>> = Object.freeze({
  name: { required: true, format: 'safetext', max: 255 },
  description: { max: 2000 },
  pattern: { max: 255 },
});

export interface DeploymentProfileInput {
  name: string;
  environment: DeploymentEnvironment;
  description?: string | null;
  /** The build deployed (attach=>DeploymentProfile); null detaches. */
  build_id?: string | null;
  /** Glob patterns (`*`, `?`) on a component's purl, group/name or name; matching components are not deployed. */
  exclude?: string[];
  /** Component types kept; empty: every type. */
  include_types?: string[];
}

/**
 * What is wrong with a profile's input, by field (`exclude[2]` for one pattern); empty when valid.
 * `partial`: a change, where fields not sent stay as they are.
 */
export function deploymentProfileProblems(input: Partial<Record<keyof DeploymentProfileInput, unknown>>, partial = false): Record<string, string> {
  const problems: Record<string, string> = {};
  // Anything but text (an object, a list) is 'Invalid input.' by the field schema itself.
  const text = (value: unknown) => value as FieldValue;
  if (!partial || input.name !== undefined) {
    const message = validateField(DEPLOYMENT_PROFILE_RULES.name, text(input.name));
    if (message) problems.name = message;
  }
  if (!partial || input.environment !== undefined) {
    if (!DEPLOYMENT_ENVIRONMENTS.includes(input.environment as DeploymentEnvironment)) {
      problems.environment = `The environment is one of ${DEPLOYMENT_ENVIRONMENTS.join(', ')}.`;
    }
  }
  if (input.description !== undefined) {
    const message = validateField(DEPLOYMENT_PROFILE_RULES.description, text(input.description));
    if (message) problems.description = message;
  }
  if (input.exclude !== undefined) {
    if (!Array.isArray(input.exclude)) problems.exclude = 'The exclusions are a list of patterns.';
    else if (input.exclude.length > MAX_EXCLUSION_PATTERNS) problems.exclude = `At most ${MAX_EXCLUSION_PATTERNS} exclusion patterns.`;
    else {
      input.exclude.forEach((pattern, index) => {
        const message =
          typeof pattern !== 'string' || pattern.trim() === '' || /\s/.test(pattern.trim())
            ? 'A pattern is one word without spaces, e.g. pkg:npm/jest* or *eslint*.'
            : validateField(DEPLOYMENT_PROFILE_RULES.pattern, pattern);
        if (message) problems[`exclude[${index}]`] = message;
      });
    }
  }
  if (input.include_types !== undefined) {
    if (!Array.isArray(input.include_types) || input.include_types.some((type) => !RBOM_COMPONENT_TYPES.includes(type as (typeof RBOM_COMPONENT_TYPES)[number]))) {
      problems.include_types = `The component types are among ${RBOM_COMPONENT_TYPES.join(', ')}.`;
    }
  }
  return problems;
}

export interface DeploymentProfileView extends DeploymentProfile {
  id: string;
  app_key: string;
  name: string;
  environment: DeploymentEnvironment;
  description: string | null;
  build: { id: string; number: number; status: string } | null;
  exclude: string[];
  include_types: string[];
  /** Grows with every change: a computed configuration says which version it is of. */
  version: number;
  created_by: string | null;
  created_at: string;
  updated_by: string | null;
  updated_at: string;
}

export type DeploymentConfigurationStatus = 'PENDING' | 'READY' | 'FAILED';

export interface RbomComponent {
  bom_ref: string;
  name: string;
  group: string | null;
  version: string | null;
  purl: string | null;
  type: string | null;
  licenses: string[];
  vulnerabilities: Array<{ id: string; severity: string; active_exploit: boolean }>;
}

/** Why a component of the build is not in the RBOM. */
export type RbomExclusionReason = 'pattern' | 'type' | 'unreachable';

export interface RbomExclusion {
  bom_ref: string;
  /** The component's group (an npm scope, a Maven groupId), null when it has none. */
  group: string | null;
  name: string;
  version: string | null;
  purl: string | null;
  reason: RbomExclusionReason;
  /** The exclusion pattern that matched (reason 'pattern'). */
  pattern?: string;
}

/** GET …/deploymentProfiles/{profileId}/requestDeploymentConfiguration: the profile's RBOM, once computed. */
export interface DeploymentConfiguration {
  status: DeploymentConfigurationStatus;
  profile: { id: string; name: string; environment: DeploymentEnvironment; version: number };
  build: { id: string; number: number } | null;
  requested_at: string | null;
  computed_at: string | null;
  /** Why it is still pending, or why it failed. */
  message: string | null;
  summary?: { components: number; excluded: number; vulnerabilities: Record<string, number> & { total: number }; active_exploits: number };
  components?: RbomComponent[];
  excluded?: RbomExclusion[];
}

export interface RbomShareInput {
  /** 1 to 30; default 7. */
  expires_in_days?: number;
  /** Addresses mailed the link. */
  recipients?: string[];
}

export interface RbomShare {
  id: string;
  status: 'active' | 'expired' | 'revoked';
  created_by: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  recipients: string[];
  build: { id: string; number: number } | null;
  components: number;
  /** Only when created: the link itself is never stored. */
  url?: string;
}
