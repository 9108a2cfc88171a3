// Who a request acts for: the user of a session, or the service module of an API key. The
// sessions, users and service-modules families store these; the guard gets them through the
// Authentication port that app.ts builds from those families' services, so authorization (which
// every family imports) never imports a family. The stored shapes are declared here, below them.
import { INITIATOR_LOGIN, INITIATOR_ROLE } from '@portal/shared/server';

export { INITIATOR_LOGIN };

/** A user as stored; `password_hash` and `mfa_secret` never leave the API. */
export interface UserRecord {
  id: string;
  organization_id: string | null;
  login_id: string;
  name: string;
  email: string;
  password_hash: string;
  password_changed_at: Date;
  inactive: boolean;
  roles: string[];
  mfa_secret: string | null;
  mfa_enabled: boolean;
  mfa_last_step: string;
}

/** PasswordExpired: the password was right but has expired; the session may only change it. */
export type StoredAuthenticationStatus = 'PasswordExpired' | 'MfaVerification' | 'MfaSetup' | 'Authenticated';

export interface SessionRecord {
  id: string;
  /** Null for the Initiator's session (first run), which belongs to no user. */
  user_id: string | null;
  authentication_status: StoredAuthenticationStatus;
  pending_mfa_secret: string | null;
  failed_codes: number;
  created_at: Date;
  authenticated_at: Date | null;
  last_seen_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
}

/** A live session with its user, as a request sees it. */
export interface CurrentSession {
  record: SessionRecord;
  user: UserRecord;
}

/** The service module whose X-Api-Key a request presented. */
export interface ApiKeyHolder {
  id: string;
  organization_id: string;
  type: string;
  name: string;
}

/** What the guard asks of the identity families (wired in app.ts). */
export interface Authentication {
  /** The live session of a cookie's token, with its user; none for an unknown or expired one. */
  currentSession(token: string | undefined): Promise<CurrentSession | undefined>;
  /** The module a presented key belongs to; a rotated-away or unknown key finds none. */
  apiKeyHolder(key: string): Promise<ApiKeyHolder | undefined>;
}

/**
 * The Initiator as sessions see it: no row of `users` (a session of it has a null user id), no
 * organization, no two-factor.
 */
export const INITIATOR_USER: UserRecord = Object.freeze({
  id: 'initiator',
  organization_id: null,
  login_id: INITIATOR_LOGIN,
  name: 'Initiator',
  email: '',
  password_hash: '!',
  password_changed_at: new Date(0),
  inactive: false,
  roles: [INITIATOR_ROLE],
  mfa_secret: null,
  mfa_enabled: false,
  mfa_last_step: '0',
});
