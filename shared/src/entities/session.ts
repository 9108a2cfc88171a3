// Session, policies and access control (spec 3). Field names follow the API's JSON (snake_case).

export type AuthenticationStatus = 'Init' | '' | 'MfaVerification' | 'MfaSetup' | 'Authenticated' | 'Error';

export type PolicyEffect = 'allow' | 'forbid' | 'restrict';

export interface Policy {
  effect: PolicyEffect;
  /** Action names; `*` matches every action. */
  actions: string[];
  /** Resource names, e.g. `Requirement` or `Requirement::42`; `*` matches every resource. */
  resources: string[];
  /** Principals such as `Role::AUTHOR`. */
  principals: string[];
  /** Optional condition expression, evaluated with organization, project, scope and resource. */
  condition?: string | null;
}

export interface AccessControlProject {
  code_name: string;
}

export interface AccessControl {
  policies: Policy[];
  projects: AccessControlProject[];
}

export interface SessionUser {
  id: string;
  login_id: string;
  name: string;
}

export interface Organization {
  id: string;
  name: string;
}

/** Feature flags of a session; unknown flags are allowed because editions add their own. */
export interface SessionFeatures {
  /** Offer the third-party identity-platform sign-in (spec 2.2). */
  msal?: boolean;
  /** Show the proof-of-concept routes and menu group. */
  poc?: boolean;
  [flag: string]: boolean | undefined;
}

export interface Session {
  session_id: string;
  /** When the session was created, epoch milliseconds (compared for single active session). */
  timestamp: number;
  authenticated: boolean;
  authentication_status: AuthenticationStatus;
  /** Null for a Global Admin or Initiator without an organization. */
  organization: Organization | null;
  user: SessionUser | null;
  /** Null when the user has no access control (the shell then offers only LOGOUT). */
  access_control: AccessControl | null;
  edition: string;
  tenancy: boolean;
  /** Role names; a leading underscore marks a global role. */
  roles: string[];
  features: SessionFeatures;
}

/** Global roles are the ones whose name begins with an underscore (spec 1). */
export function isGlobalRole(role: string): boolean {
  return role.startsWith('_');
}

/** The role of the Initiator, who sets the system up first (spec 4.1). */
export const INITIATOR_ROLE = '_initiator';
/** The role of a Global Admin (global roles begin with '_'). */
export const GLOBAL_ADMIN_ROLE = '_global_admin';
/**
 * The special username the Initiator signs in with, the one-time code being the password. The
 * '@' cannot occur in a login id, so no user can take it.
 */
export const INITIATOR_LOGIN = '@initiator';

export function hasRole(session: Pick<Session, 'roles'> | null | undefined, role: string): boolean {
  return Boolean(session?.roles?.includes(role));
}

/** POST iam/rabbitmq/token: the STOMP passcode of the caller's broker connection (spec 7); null without a broker. */
export interface BrokerToken {
  token: string | null;
}

/** GET sessions/msal/signin: the identity platform's authorization URL, to open in a popup. */
export interface MsalSignInUrl {
  url: string;
}
