// What the identity services share (database, settings, secret box, clock) and what they ask of the
// families that own users and the first run's initialization, as ports that app.ts wires.
import type { IdentityConfig, OidcConfig } from '../config';
import type { Database, Queryable } from '../db/database';
import type { SessionRecord, UserRecord } from '../authorization/principal';
import type { Clock } from './clock';
import type { SecretBox } from './secret-box';

export interface IdentityContext {
  db: Database;
  settings: IdentityConfig;
  box: SecretBox;
  now: Clock;
  /** Set: the OpenID Connect sign-in is offered (features.msal). */
  oidc?: OidcConfig;
  /** Set: sessions carry the poc feature flag (POC_FEATURES). */
  poc?: boolean;
  /**
   * Told when a session becomes Authenticated (its user's other sessions have just ended): the app
   * publishes the System Sign On event that signs the older browsers out at once (spec 4.1).
   */
  onAuthenticated?: (session: SessionRecord, user: UserRecord) => void;
  /** The users family's look-ups (wired in app.ts): the sessions family imports no other family. */
  users: {
    findUserById(db: Queryable, id: string): Promise<UserRecord | undefined>;
    findUserByLogin(db: Queryable, loginId: string): Promise<UserRecord | undefined>;
    /** The ids of at most `limit` active users of that address. */
    activeUserIdsByEmail(db: Queryable, email: string, limit: number): Promise<string[]>;
  };
  /** The Initiator's sign-in (the initialization family's): true when `code` is the live initialization code, spent now. */
  spendInitializationCode(db: Database, code: string, now: Date): Promise<boolean>;
}
