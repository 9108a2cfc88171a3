import { randomUUID } from 'node:crypto';
import { lazySchemaCompilers } from './http/lazy-schemas';
import fastifyCookie from '@fastify/cookie';
import { PERMISSIONS, SYNC_USER_EXCHANGE, SYSTEM_SIGN_ON } from '@portal/shared/server';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEFAULT_IDENTITY, type Config } from './config';
import type { Database, Queryable } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { healthRoutes } from './health/routes';
import { registerErrorHandler, registerNotFoundHandler } from './http/errors';
import { registerHostileValueChecks } from './http/hostile-values';
import { registerSecurity } from './http/security';
import { systemClock, type Clock } from './identity/clock';
import { createIdentityContext } from './sessions/context';
import { createOidcClient } from './sessions/oidc';
import { oidcRoutes } from './sessions/oidc-routes';
import { sessionsRoutes } from './sessions/routes';
import { usersRoutes } from './users/routes';
import { initializationRoutes } from './initialization/routes';
import { registerAuthorization, type AuthorizationObserver, type DeclaredRoute } from './authorization/guard';
import { syncBuiltInRoles } from './authorization/roles.repository';
import { currentSession, type IdentityContext } from './sessions/service';
import { createMailer, type Mailer, type MailTransport } from './mail/mailer';
import { testingRoutes } from './mail/routes';
import { registerMailRelay, type MailRelaySettings } from './notifications/plugin';
import { notificationsRoutes } from './notifications/routes';
import { notificationsTestingRoutes } from './notifications/testing-routes';
import { miscRoutes } from './misc/routes';
import { pocRoutes } from './poc/routes';
import { readProductVersion } from './misc/service';
import { registerStatic } from './static/routes';
import { loadRemoteManifests } from './static/remotes';
import { findServiceModuleByApiKey } from './service-modules/api-keys';
import { userAdministrationRoutes } from './users/admin-routes';
import { workgroupsRoutes } from './workgroups/routes';
import { organizationsRoutes } from './organizations/routes';
import { iamRoutes } from './iam/routes';
import { processesRoutes, type ModuleConfigurationChange } from './processes/routes';
import { completeSettings, parseNotificationSettings } from './processes/index';
import { notify } from './notifications/index';
import { permittedRecipients } from './realtime/audience';
import { linkText } from './tasks/index';
import { serviceModulesRoutes } from './service-modules/routes';
import { recordEvents } from './realtime/outbox.repository';
import { registerRealtime } from './realtime/plugin';
import { realtimeRoutes } from './realtime/routes';
import { realtimeTestingRoutes } from './realtime/testing-routes';
import { loadSecretKey } from './identity/secret-box';
import { findOrganizationById } from './organizations/repository';
import { findProcessByCode } from './processes/repository';
import { activeUserIdsByEmail, findUserById, findUserByLogin, findUserOfOrganization, loginIdsOf } from './users/repository';
import { spendInitializationCode } from './initialization/initiator';
import { requirementsRoutes } from './requirements/routes';
import { tasksRoutes } from './tasks/routes';
import { requirementTaskOutcomes } from './requirements/task-outcomes';
import { raiseRequirementEvent } from './requirements/events';
import { createDueDateScheduler } from './tasks/scheduler';
import { assessmentsRoutes } from './assessments/routes';
import { attachmentsRoutes } from './attachments/routes';
import { documentsRoutes } from './documents/routes';
import { createReviewReminders, type ReviewReminders } from './documents/review';
import { conflictsRoutes } from './conflicts/routes';
import { requirementApplicationsRoutes } from './analysis/applications';
import { analysisRoutes } from './analysis/routes';
import { standardsRoutes } from './standards/routes';
import { reportsRoutes } from './reports/routes';
import { statisticsRoutes } from './statistics/routes';
import { vulnerabilitiesRoutes } from './vulnerabilities/routes';
import { applicationsRoutes } from './apps/routes';
import { ingestionRoutes } from './sbom/ingest';
import { carryOver, identifiedBuilds, previousBuild } from './vex/carry-over.repository';
import { raiseLicenseAlerts } from './licenses/alerts';
import { sbomRoutes } from './sbom/routes';
import { clearRoutes } from './sbom/clear';
import { vexRoutes } from './vex/routes';
import { licenseRoutes } from './licenses/routes';
import { repositoryRoutes } from './repositories/routes';
import { graphRoutes } from './graph/routes';
import { priorityPlaneRoutes } from './priority-planes/routes';
import { registerMonitoring } from './monitoring/plugin';
import { monitoringRoutes } from './monitoring/routes';
import { deploymentProfileRoutes } from './deployment-profiles/routes';
import { orgChartRoutes } from './org-chart/routes';
import { cloudSyncRoutes, createCloudSync, findingLinkRoutes, findingOverviewRoutes, findingsRoutes, type CloudSyncOptions } from './operations/index';
import { metricsRoutes, registerMetricSnapshots } from './metrics/index';
import { alarmsRoutes, registerAlarmEvaluator } from './alarms/index';
import { recoveryRoutes, registerRecovery } from './recovery/index';
import { jobsRoutes, jobWorkersFrom, registerJobs, schedulePass, type JobWorkers, type PgBossSettings } from './jobs/index';
import { complianceRoutes, registerCompliance } from './compliance/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** `app.mailer.sendMail({ to, subject, text })`: SMTP when SMTP_URL is set, else the outbox. */
    mailer: Mailer;
    /** What the identity services share (database, settings, secret box, clock). */
    identity: IdentityContext;
    /** Every API route with its declared permission (spec 6 enforcement; the role × route table). */
    declaredRoutes: readonly DeclaredRoute[];
    /** Review-by reminders of the evidence library's documents (tests: `app.documentReviews.tick()`). */
    documentReviews: ReviewReminders;
  }
}

const MODULE_NAMES: Record<string, string> = { code: 'code provenance', requirement: 'requirements' };

/** Update Module Configuration (issue 22): the process's admins — who may change it — hear what was switched. */
async function moduleConfigurationChanged(tx: Queryable, change: ModuleConfigurationChange): Promise<void> {
  const { organizationId, process, actor } = change;
  const ref = { organizationId, processId: process.id, processCode: process.code_name };
  const switched = Object.entries(change.switched).map(([name, on]) => `the ${MODULE_NAMES[name] ?? name} module ${on ? 'on' : 'off'}`);
  await notify(tx, {
    processId: process.id,
    processCode: process.code_name,
    event: 'Update Module Configuration',
    recipients: await permittedRecipients(tx, ref, PERMISSIONS.processes.UPDATE_PROCESS_MODULE_CONFIGURATION),
    actorId: actor.id,
    title: 'Module configuration changed',
    message: `${actor.login_id} switched ${switched.join(' and ')} in ${linkText(process.name)}.`,
    link: '/projects/settings',
    sender: actor.login_id,
  });
}

export interface AppOptions {
  config: Config;
  /** A database already open, which the caller keeps and closes; default: the config's, owned by the app. */
  database?: Database;
  /** Where the JSON log lines go; default stdout. */
  logStream?: { write(line: string): void };
  /** The clock of sign-in, sessions and codes; default the system's (tests move their own). */
  now?: Clock;
  /** Sees every decision of the authorization guard, after it is made (tests; an audit log later). */
  onAuthorization?: AuthorizationObserver;
  /** Stands in for the SMTP transport of SMTP_URL (tests). */
  mailTransport?: MailTransport;
  /** The mail relay's pauses and batch (tests shorten the retry pause). */
  mailRelay?: MailRelaySettings;
  /** Runs this process's job workers from ready until close — of every kind (true), none, or those named; default: as JOB_WORKERS says. */
  jobWorkers?: JobWorkers;
  /** How often pg-boss polls and looks at the schedules (tests shorten them). */
  jobSettings?: PgBossSettings;
  /** The cloud syncs' schedule and transport (tests: no timer, an HTTPS agent trusting the local Azure endpoints). */
  cloudSync?: Pick<CloudSyncOptions, 'tickMs' | 'defaultMinutes' | 'azure'>;
}

/**
 * The API, migrated and with every route registered but not listening: `main` listens, tests
 * `inject`. Closing the app closes its database after the last request has been answered.
 */

const DISPLAY_NAME = Symbol.for('fastify.display-name');
/**
 * Fastify names a plugin without a display name by searching the whole module cache for it: 45
 * searches per app, a quarter of a second of every API test file's start. A family's routes are
 * named by their function's name instead.
 */
function named<T extends (...args: never[]) => unknown>(plugin: T): T {
  if (!Object.hasOwn(plugin, DISPLAY_NAME)) Object.defineProperty(plugin, DISPLAY_NAME, { value: plugin.name });
  return plugin;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy ?? false,
    // Each route's validators and serializers compiled at its first request, not all at start.
    schemaController: lazySchemaCompilers(),
  });

  const database = options.database ?? (await openDatabase(config));
  app.decorate('config', config);
  app.decorate('database', database);
  if (!options.database) {
    app.addHook('onClose', async () => {
      await database.close();
    });
  }
  try {
    const applied = await migrate(database);
    if (applied.length > 0) app.log.info({ applied }, 'database migrated');
    await syncBuiltInRoles(database);
  } catch (error) {
    await app.close();
    throw error;
  }

  // The job queue (issue 27): before the families that define jobs, so it closes before them.
  await registerJobs(app, {
    workers: options.jobWorkers ?? jobWorkersFrom(),
    settings: { maintenanceSeconds: config.jobExpiryCheckSeconds, ...options.jobSettings },
  });

  // Before any route: child contexts take the error handler in force when they are created.
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerSecurity(app, config, loadRemoteManifests);
  // Before the guard, which reads path and query parameters into SQL.
  registerHostileValueChecks(app);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    db: database,
    jobs: app.jobs,
    log: app.log,
    now: options.now ?? systemClock,
    transport: options.mailTransport,
  });
  app.decorate('mailer', mailer);
  // Account mail is sent by 'account-mail' jobs (the queue's close waits for those running); on
  // ready, the mail whose job a stopped process may have lost is queued again.
  app.addHook('onReady', async () => mailer.resume());
  // Notification mail queued by notify() (issue 22): sent through the mailer, with the daily digest.
  registerMailRelay(app, options.now ?? systemClock, options.mailRelay);

  const identity = await createIdentityContext(
    app,
    { users: { findUserById, findUserByLogin, activeUserIdsByEmail }, spendInitializationCode },
    options.now ?? systemClock,
  );
  app.decorate('identity', identity);
  await registerRealtime(app, await loadSecretKey(identity.settings.secretKey, config.dataDir), {
    db: database,
    now: () => identity.now(),
    currentSession: (secret) => currentSession(identity, secret),
    organization: (id) => findOrganizationById(database, id),
    userOfOrganization: (organizationId, userId) => findUserOfOrganization(database, organizationId, userId),
    processByCode: (organizationId, codeName) => findProcessByCode(database, organizationId, codeName),
  });
  // Single active session, immediately (spec 4.1): the older browsers of the user hear this on the
  // sync-user fanout (it names the user by id only) and sign out. The sign-in never waits for it;
  // it goes through the outbox, so a broker that is down delivers it when it returns.
  identity.onAuthenticated = (session, user) => {
    const event = {
      type: SYSTEM_SIGN_ON,
      eventId: randomUUID(),
      session_id: session.id,
      timestamp: new Date(session.created_at).getTime(),
      data: { id: user.id },
    };
    recordEvents(database, [{ destination: SYNC_USER_EXCHANGE, body: event }])
      .then(() => app.outboxRelay.notify())
      .catch((error: unknown) => app.log.warn({ err: error }, 'System Sign On not recorded'));
  };
  await app.register(fastifyCookie);
  // Continuous monitoring (issue 7 item 12): rescans raise events through the outbox.
  registerMonitoring(app);
  // Live compliance (issue 28): checks on requirements, re-evaluated as their evidence changes.
  const compliance = registerCompliance(app, options.now ?? systemClock);
  app.decorate('declaredRoutes', registerAuthorization(
      app,
      {
        db: database,
        authentication: {
          currentSession: (token) => currentSession(identity, token),
          apiKeyHolder: (key) => findServiceModuleByApiKey(database, key),
        },
      },
      options.onAuthorization,
    ),);

  const version = await readProductVersion();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Portal API', version, description: 'The API of the portal (spec section 7).' },
    },
    // The static files and /remotes.json are not part of the API.
    transform: ({ schema, url }) => ({
      schema: url.startsWith('/api/') ? schema : { ...schema, hide: true },
      url,
    }),
  });

  await app.register(
    named(async function apiRoutes(api) {
      await api.register(named(healthRoutes));
      await api.register(named(miscRoutes), { version });
      // The POC screens' server side (spec 2.3 POC group), behind the poc feature flag.
      await api.register(named(pocRoutes));
      // Sessions, Users and the first run's initialization (spec 7, 4.1).
      await api.register(named(sessionsRoutes), { identity });
      if (config.oidc) {
        await api.register(named(oidcRoutes), { identity, oidc: createOidcClient(config.oidc), redirectUrl: config.oidc.redirectUrl });
      }
      await api.register(named(usersRoutes), { identity, mailer });
      await api.register(named(notificationsRoutes));
      await api.register(named(initializationRoutes), { identity });
      await api.register(named(userAdministrationRoutes));
      await api.register(named(workgroupsRoutes));
      await api.register(named(organizationsRoutes), { notificationSettings: { complete: completeSettings, parse: parseNotificationSettings } });
      await api.register(named(iamRoutes));
      await api.register(named(processesRoutes), { moduleConfigurationChanged });
      await api.register(named(serviceModulesRoutes));
      await api.register(named(realtimeRoutes));
      await api.register(named(requirementsRoutes));
      await api.register(named(tasksRoutes), { outcomes: requirementTaskOutcomes });
      // The requirement analyses (issue 6 items 7-12): gaps and risks, conflicts, attachments (the
      // only multipart routes), duplicates, traceability and the applications implementing a requirement.
      await api.register(named(assessmentsRoutes));
      await api.register(named(conflictsRoutes));
      await api.register(named(attachmentsRoutes));
      // The evidence library (issue 23 items 7-9): documents streamed to DATA_DIR/files, evidence links.
      await api.register(named(documentsRoutes));
      await api.register(named(analysisRoutes));
      await api.register(named(requirementApplicationsRoutes));
      await api.register(named(standardsRoutes));
      await api.register(named(reportsRoutes));
      await api.register(named(statisticsRoutes));
      await api.register(named(vulnerabilitiesRoutes));
      await api.register(named(applicationsRoutes));
      // The SBOMs, VEX, licenses and repositories of an application's builds (under /apps/...).
      await api.register(named(ingestionRoutes), { followUps: { previousBuild, identifiedBuilds, carryOver, raiseLicenseAlerts } });
      await api.register(named(sbomRoutes));
      await api.register(named(vexRoutes));
      await api.register(named(clearRoutes));
      await api.register(named(licenseRoutes));
      await api.register(named(repositoryRoutes));
      await api.register(named(graphRoutes));
      await api.register(named(priorityPlaneRoutes));
      await api.register(named(monitoringRoutes));
      await api.register(named(deploymentProfileRoutes));
      // The organization's chart (issue 23 items 10, 11): its own multipart parser, one file and a mapping.
      await api.register(named(orgChartRoutes));
      // The operations domain's security findings (issue 24): scanner uploads, list, triage, CSV.
      await api.register(named(findingsRoutes));
      await api.register(named(findingOverviewRoutes));
      await api.register(named(findingLinkRoutes));
      // AWS Security Hub and Defender for Cloud syncs of the cloud service modules (issue 24 item 4).
      await api.register(named(cloudSyncRoutes));
      // Built-in and custom metrics, their series and the Prometheus endpoint (issue 25 items 1-3).
      await api.register(named(metricsRoutes));
      // Alarms on metrics: CRUD, acknowledge, history, preview (issue 25 item 4).
      await api.register(named(alarmsRoutes));
      // Disaster recovery of a process: settings, backups, verify, restore (issue 25 items 6-9).
      await api.register(named(recoveryRoutes));
      // Live compliance (issue 28): a requirement's checks, its compliance, the process's statuses.
      await api.register(named(complianceRoutes), { context: compliance });
      // Issue 27 item 5: the job queue for the Global Admin.
      await api.register(named(jobsRoutes));
      // Only for end-to-end tests: the stored mail holds one-time codes and invitation links.
      if ((config.identity ?? DEFAULT_IDENTITY).mailOutboxApi) {
        await api.register(named(testingRoutes));
        // A notification fanned out to many recipients, timed (npm run bench).
        await api.register(named(notificationsTestingRoutes));
        // The broker's connections per user and a played broker restart (e2e of issue 4).
        await api.register(named(realtimeTestingRoutes), {
          userIdOfLogin: async (login: string) => (await findUserByLogin(database, login))?.id,
          loginIdsOf: (ids: readonly string[]) => loginIdsOf(database, ids),
        });
      }
      api.get('/openapi.json', { schema: { hide: true }, config: { permission: 'public' } }, async () => api.swagger());
    }),
    { prefix: '/api' },
  );

  // Due-date reminders and past-due events (issue 6): a scheduled job.
  const dueDates = createDueDateScheduler({ db: database, now: options.now ?? systemClock, raiseRequirementEvent });
  app.decorate('dueDates', dueDates);
  schedulePass(app, 'due-dates', dueDates.intervalMs, () => dueDates.tick());
  app.addHook('preClose', async () => dueDates.stop());
  // Cloud modules' scheduled syncs (issue 24 item 4): from ready until close.
  const cloudSync = createCloudSync({ db: database, box: identity.box, now: options.now ?? systemClock, log: app.log, ...options.cloudSync });
  app.decorate('cloudSync', cloudSync);
  schedulePass(app, 'cloud-syncs', cloudSync.tickMs, () => cloudSync.tick());
  app.addHook('preClose', async () => cloudSync.stop());
  // Alarms (issue 25 item 4): evaluated after each metric snapshot and on a timer; signed webhooks.
  registerAlarmEvaluator(app, options.now ?? systemClock);
  // Metric snapshots (issue 25 item 2): daily, and debounced after changes that move metrics.
  registerMetricSnapshots(app, options.now ?? systemClock);
  // Disaster recovery (issue 25 items 6-9): scheduled backups and the recovery point watch.
  registerRecovery(app, options.now ?? systemClock);
  const documentReviews = createReviewReminders({ db: database, now: options.now ?? systemClock });
  app.decorate('documentReviews', documentReviews);
  schedulePass(app, 'document-reviews', documentReviews.intervalMs, () => documentReviews.tick());
  app.addHook('preClose', async () => documentReviews.stop());

  const fallback = config.serveStatic ? await registerStatic(app, config) : undefined;
  registerNotFoundHandler(app, fallback);
  return app;
}
