import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { E2E_DIR, REPO_ROOT } from './portal';

export const E2E_ORGANIZATION = 'E2E Organization';
/** The organization's one process: every member works in it (auto-selected, spec 2.3). */
export const E2E_PROCESS = 'E2E';
export const AUTH_FILE = join(E2E_DIR, 'navigator.json');

export interface E2EUser {
  login: string;
  email: string;
  name: string;
  password: string;
  /** When the account and its password were made (default now). */
  created?: string;
  /** Organization and global roles (default AUTHOR, in every process of the organization). */
  roles?: string[];
  /** No organization (a Global Admin). */
  global?: boolean;
}

/**
 * The users of the suite, each for one purpose: a user has one active session at a time, so a
 * test that signs a user in would end the session of every other test using that user.
 */
export const USERS = {
  /** Signed in once (setup project) for every test of the composed portal. */
  /** Organization admin, Global Admin and demo permission: may open every route but the Initiator's. */
  navigator: {
    login: 'navigator',
    email: 'navigator@example.com',
    name: 'Nora Navigator',
    password: 'Navigator@2026',
    roles: ['ORG_ADMIN', 'DEMO', '_global_admin'],
  },
  /** Signs in through the screens: two-factor setup, 2-step verification, recovery codes, logout. */
  signer: { login: 'signer', email: 'signer@example.com', name: 'Sam Signer', password: 'Signer@2026' },
  /** Signs in from two browsers: the newer session ends the older. */
  twin: { login: 'twin', email: 'twin@example.com', name: 'Tess Twin', password: 'Twin@2026x' },
  /** Signs in from two browsers: the real-time System Sign On ends the older at once. */
  echo: { login: 'echo', email: 'echo@example.com', name: 'Eli Echo', password: 'Echo@2026x' },
  /** Forgets the password and resets it with a mailed code. */
  forgetful: { login: 'forgetful', email: 'forgetful@example.com', name: 'Fay Forgetful', password: 'Forgetful@2026' },
  /** Changes the password in the settings. */
  changer: { login: 'changer', email: 'changer@example.com', name: 'Cal Changer', password: 'Changer@2026' },
  /** Looks at the profile and disables two-factor. */
  profiler: { login: 'profiler', email: 'profiler@example.com', name: 'Pat Profiler', password: 'Profiler@2026', roles: ['AUTHOR', 'DEMO'] },
  /** Mutes a kind of event and chooses the daily digest in Account Profile → Notifications. */
  muter: { login: 'muter', email: 'muter@example.com', name: 'Mo Muter', password: 'Muter@2026x', roles: ['AUTHOR'] },
  /** Signs in through the identity platform (the provider gives any login `x` the email x@example.com). */
  federated: { login: 'federated', email: 'federated@example.com', name: 'Fei Federated', password: 'Federated@2026' },
  /** Its password is older than the suite's PASSWORD_MAX_AGE_DAYS. */
  expired: { login: 'expired', email: 'expired@example.com', name: 'Eve Expired', password: 'Expired@2020', created: '2020-01-31' },
  /** A Global Admin without organization: creates an organization and its admin (issue 5). */
  globe: { login: 'globe', email: 'globe@example.com', name: 'Gil Globe', password: 'Globe@2026x', roles: ['_global_admin'], global: true },
  /** The requirement workflow (issue 6): author, reviewer, implementer and a READER of process E2E. */
  reqAuthor: { login: 'req_author', email: 'req.author@example.com', name: 'Rhea Author', password: 'ReqAuthor@2026', roles: ['AUTHOR'] },
  reqReviewer: { login: 'req_reviewer', email: 'req.reviewer@example.com', name: 'Remy Reviewer', password: 'ReqReviewer@2026', roles: ['REVIEWER'] },
  reqImplementer: { login: 'req_implementer', email: 'req.implementer@example.com', name: 'Ines Implementer', password: 'ReqImplementer@2026', roles: ['AUTHOR'] },
  reqReader: { login: 'req_reader', email: 'req.reader@example.com', name: 'Rory Reader', password: 'ReqReader@2026', roles: ['READER'] },
  /** Who is told (issue 22): the author's and the reviewer's bells in the review workflow. */
  noticeAuthor: { login: 'notice_author', email: 'notice.author@example.com', name: 'Nora Author', password: 'NoticeAuthor@2026', roles: ['AUTHOR'] },
  noticeReviewer: { login: 'notice_reviewer', email: 'notice.reviewer@example.com', name: 'Nat Reviewer', password: 'NoticeReviewer@2026', roles: ['REVIEWER'] },
  /** Requirement analysis (issue 6): priority plane, CSV report, duplicates, OSCAL import — one user per test. */
  reqPlanner: { login: 'req_planner', email: 'req.planner@example.com', name: 'Pia Planner', password: 'ReqPlanner@2026', roles: ['AUTHOR'] },
  reqReporter: { login: 'req_reporter', email: 'req.reporter@example.com', name: 'Rob Reporter', password: 'ReqReporter@2026', roles: ['AUTHOR'] },
  reqDeduper: { login: 'req_deduper', email: 'req.deduper@example.com', name: 'Dee Deduper', password: 'ReqDeduper@2026', roles: ['AUTHOR'] },
  /** Moves requirements in the tree (issue 26 item 1). */
  reqMover: { login: 'req_mover', email: 'req.mover@example.com', name: 'Moe Mover', password: 'ReqMover@2026', roles: ['AUTHOR'] },
  reqImporter: { login: 'req_importer', email: 'req.importer@example.com', name: 'Ivo Importer', password: 'ReqImporter@2026', roles: ['AUTHOR'] },
  /** Collaboration (issue 23): a reviewer who assigns general tasks, and the member who does them. */
  collabLead: { login: 'collab_lead', email: 'collab.lead@example.com', name: 'Cleo Lead', password: 'CollabLead@2026', roles: ['REVIEWER'] },
  collabMember: { login: 'collab_member', email: 'collab.member@example.com', name: 'Milo Member', password: 'CollabMember@2026', roles: ['AUTHOR'] },
  /** Shared files (issue 23 items 7-8): uploads a document, links it to a requirement as evidence, finds it in the matrix. */
  collabFiler: { login: 'collab_filer', email: 'collab.filer@example.com', name: 'Fil Filer', password: 'CollabFiler@2026', roles: ['AUTHOR'] },
  /** Operations (issue 24): an AUTHOR who uploads a scanner's SARIF, triages a finding and re-imports. */
  opsTriager: { login: 'ops_triager', email: 'ops.triager@example.com', name: 'Oli Triager', password: 'OpsTriager@2026', roles: ['AUTHOR'] },
  /** Operations (issue 24): an organization admin who sets up an AWS module and syncs it from /security/aws. */
  cloudAdmin: { login: 'cloud_admin', email: 'cloud.admin@example.com', name: 'Cleo Cloud', password: 'CloudAdmin@2026', roles: ['ORG_ADMIN'] },
  /** Live requirement screens (issue 22): an author and a reviewer watching each other's changes. */
  liveAuthor: { login: 'live_author', email: 'live.author@example.com', name: 'Lea Author', password: 'LiveAuthor@2026', roles: ['AUTHOR'] },
  liveReviewer: { login: 'live_reviewer', email: 'live.reviewer@example.com', name: 'Leo Reviewer', password: 'LiveReviewer@2026', roles: ['REVIEWER'] },
  /**
   * Live compliance (issue 28): an organization admin who sets up applications and a requirement's
   * check; a READER who watches the requirement's badge and evidence panel turn.
   */
  complianceOwner: { login: 'compliance_owner', email: 'compliance.owner@example.com', name: 'Cora Owner', password: 'ComplianceOwner@2026', roles: ['ORG_ADMIN'] },
  complianceWatcher: { login: 'compliance_watcher', email: 'compliance.watcher@example.com', name: 'Walt Watcher', password: 'ComplianceWatcher@2026', roles: ['READER'] },
  /** Compliance templates and exports (issue 28 items 4 and 5): an author who applies the NIST templates and downloads the OSCAL results. */
  complianceAuditor: { login: 'compliance_auditor', email: 'compliance.auditor@example.com', name: 'Ada Auditor', password: 'ComplianceAuditor@2026', roles: ['AUTHOR'] },
  /**
   * Real time (issue 4): three tabs, one broker connection; a broker restart; a plain header; an
   * instant message's sender, live and offline receivers. Those who count their notifications are
   * READERs: an AUTHOR also gets the applications tests' vulnerability and license alerts.
   */
  tabby: { login: 'tabby', email: 'tabby@example.com', name: 'Tab Tabby', password: 'Tabby@2026x', roles: ['READER'] },
  survivor: { login: 'survivor', email: 'survivor@example.com', name: 'Sue Survivor', password: 'Survivor@2026', roles: ['READER'] },
  plain: { login: 'plain', email: 'plain@example.com', name: 'Pip Plain', password: 'Plain@2026x' },
  messenger: { login: 'messenger', email: 'messenger@example.com', name: 'Meg Messenger', password: 'Messenger@2026', roles: ['ORG_ADMIN'] },
  listener: { login: 'listener', email: 'listener@example.com', name: 'Lee Listener', password: 'Listener@2026', roles: ['READER'] },
  sleeper: { login: 'sleeper', email: 'sleeper@example.com', name: 'Sid Sleeper', password: 'Sleeper@2026', roles: ['READER'] },
  /**
   * Applications (issue 7, the Security Posture, app page, VEX screens), one user per test. Organization
   * admins: they make the CI/CD ingestion module; the owner is a Global Admin too, who imports
   * advisories (import=>Vulnerability@global), and the pipeline's admin is not.
   */
  appOwner: { login: 'app_owner', email: 'app.owner@example.com', name: 'Otto Owner', password: 'AppOwner@2026', roles: ['ORG_ADMIN', '_global_admin'] },
  appPipeline: { login: 'app_pipeline', email: 'app.pipeline@example.com', name: 'Pia Pipeline', password: 'AppPipeline@2026', roles: ['ORG_ADMIN'] },
  /** Applications: an AUTHOR who analyses findings (VEX); the advisories the test needs are imported by vexCurator. */
  appAnalyst: { login: 'app_analyst', email: 'app.analyst@example.com', name: 'Ann Analyst', password: 'AppAnalyst@2026', roles: ['AUTHOR'] },
  /**
   * Imports the advisories of the VEX test (appCurator's two-factor is set up by the ingestion test).
   * Those who import advisories are Global Admins too: the vulnerability database is the installation's.
   */
  vexCurator: { login: 'vex_curator', email: 'vex.curator@example.com', name: 'Vic Curator', password: 'VexCurator@2026', roles: ['ORG_ADMIN', '_global_admin'] },
  appCurator: { login: 'app_curator', email: 'app.curator@example.com', name: 'Cur Curator', password: 'AppCurator@2026', roles: ['ORG_ADMIN', '_global_admin'] },
  /** Applications: a READER of process E2E, who sees apps and findings but no action. */
  appReader: { login: 'app_reader', email: 'app.reader@example.com', name: 'Rita Reader', password: 'AppReader@2026', roles: ['READER'] },
  /**
   * Applications analysis (issue 7 items 10-13: graph view, priority plane, continuous monitoring,
   * deployment profiles and RBOM), one user per test. The watcher is an AUTHOR (alerts, no
   * administration); the others are organization admins (RBOM share) and, where they import advisories, Global Admins.
   */
  graphExplorer: { login: 'graph_explorer', email: 'graph.explorer@example.com', name: 'Gus Explorer', password: 'GraphExplorer@2026', roles: ['ORG_ADMIN', '_global_admin'] },
  planePlacer: { login: 'plane_placer', email: 'plane.placer@example.com', name: 'Pam Placer', password: 'PlanePlacer@2026', roles: ['ORG_ADMIN'] },
  monitorWatcher: { login: 'monitor_watcher', email: 'monitor.watcher@example.com', name: 'Wes Watcher', password: 'MonitorWatcher@2026', roles: ['AUTHOR'] },
  /** Imports CISA's KEV catalog on the Vulnerability Database screen (its own two-factor set-up). */
  kevCurator: { login: 'kev_curator', email: 'kev.curator@example.com', name: 'Kay Curator', password: 'KevCurator@2026', roles: ['ORG_ADMIN', '_global_admin'] },
  /** A Global Admin with neither organization nor process: keeps the vulnerability database from Global Administration. */
  vulnCurator: { login: 'vuln_curator', email: 'vuln.curator@example.com', name: 'Val Curator', password: 'VulnCurator@2026', roles: ['_global_admin'], global: true },
  /** An organization admin who reads the vulnerability database, as the demo's demo_admin does (issue 26 item 10). */
  vulnReader: { login: 'vuln_reader', email: 'vuln.reader@example.com', name: 'Vic Reader', password: 'VulnReader@2026', roles: ['ORG_ADMIN', 'DEMO'] },
  monitorImporter: { login: 'monitor_importer', email: 'monitor.importer@example.com', name: 'Ivy Importer', password: 'MonitorImporter@2026', roles: ['ORG_ADMIN', '_global_admin'] },
  /** The process menu's demo items (issue 4): clears and rescans the process's SBOMs. */
  demoist: { login: 'demoist', email: 'demoist@example.com', name: 'Dee Demoist', password: 'Demoist@2026', roles: ['ORG_ADMIN', 'DEMO', '_global_admin'] },
  rbomOwner: { login: 'rbom_owner', email: 'rbom.owner@example.com', name: 'Rob Owner', password: 'RbomOwner@2026', roles: ['ORG_ADMIN'] },
  /**
   * Applications that stay live (issue 22): the owner sets the app up and changes its deployment
   * profile in one browser; the watcher, a READER, has the app's page open in another.
   */
  liveAppOwner: { login: 'live_app_owner', email: 'live.app.owner@example.com', name: 'Liv Owner', password: 'LiveAppOwner@2026', roles: ['ORG_ADMIN', '_global_admin'] },
  liveAppWatcher: { login: 'live_app_watcher', email: 'live.app.watcher@example.com', name: 'Wat Watcher', password: 'LiveAppWatcher@2026', roles: ['READER'] },
  /**
   * Metrics and alarms (issue 25 items 1-5): an organization admin who reads the metrics and defines
   * a custom one; another who sets an alarm and acknowledges it while a third watches the list.
   */
  metricsReader: { login: 'metrics_reader', email: 'metrics.reader@example.com', name: 'Mia Metrics', password: 'MetricsReader@2026', roles: ['ORG_ADMIN'] },
  alarmKeeper: { login: 'alarm_keeper', email: 'alarm.keeper@example.com', name: 'Al Keeper', password: 'AlarmKeeper@2026', roles: ['ORG_ADMIN'] },
  alarmWatcher: { login: 'alarm_watcher', email: 'alarm.watcher@example.com', name: 'Ava Watcher', password: 'AlarmWatcher@2026', roles: ['ORG_ADMIN'] },
} satisfies Record<string, E2EUser>;

/** The password policy of the suite's portal (PASSWORD_MAX_AGE_DAYS). */
export const PASSWORD_MAX_AGE_DAYS = 90;

/**
 * Creates the organization and users with the portal's own command (`npm run portal -- …`),
 * before the e2e portal starts on the same data directory.
 */
export function createUsers(dataDir: string): void {
  const commands: string[][] = [
    ['create-organization', '--name', E2E_ORGANIZATION],
    ['create-process', '--org', E2E_ORGANIZATION, '--code', E2E_PROCESS, '--name', 'E2E Requirements'],
  ];
  for (const user of Object.values(USERS) as E2EUser[]) {
    const { created, roles = ['AUTHOR'], global } = user;
    commands.push(['create-user', ...(global ? [] : ['--org', E2E_ORGANIZATION]), '--login', user.login, '--email', user.email,
      '--name', user.name, '--password', user.password, ...roles.flatMap((role) => ['--role', role]),
      ...(created ? ['--created', created] : [])]);
  }
  // One command, one database open: a process per user took minutes.
  const batch = join(dirname(dataDir), 'users.batch.json');
  mkdirSync(dirname(batch), { recursive: true });
  writeFileSync(batch, JSON.stringify(commands));
  execFileSync('node', ['scripts/portal.mjs', 'cli', 'batch', '--file', batch], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}

/** The current code of an authenticator app holding `secret` (base32), as a user would type it. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
}
