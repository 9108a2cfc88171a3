// Server-side enforcement (spec 6, issue 5): every API route declares its permission in
// `config.permission`; this hook checks it before any work. A route without a declaration cannot
// be registered. Handlers read the caller (user, organization, access, process) with callerOf.
// The caller of a session is kept a second (config.readCacheMs), and every change through the API
// drops what was kept (http/read-cache.ts), in every API process of a shared Postgres server too
// (announced with pg_notify). Resolving a caller takes three statements (the session, its user,
// and its access with the organization: access.repository's accessOfMember), prepared, and a
// fourth for the process a request names.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { checkPermission, messageForStatus, type PermissionCheck, type PolicyContext } from '@portal/shared/server';
import type { Database } from '../db/database';
import { ApiProblem } from '../http/problem';
import { createChangeTracker, createReadCache, type ChangeTracker, type ReadCache } from '../http/read-cache';
import { API_KEY_HEADER, API_KEY_NOT_ACCEPTED, INVALID_API_KEY } from '../http/api-key';
import { readSessionToken } from '../http/session-cookie';
import type { ApiKeyHolder, Authentication, CurrentSession, UserRecord } from './principal';
import { resolveCallerAccess, type ResolvedAccess } from './access';
import { announceChanges, findProcess, type CallerProcess } from './caller.repository';

export type { CallerProcess };

/** The channel on which API processes sharing a Postgres server announce their changes. */
export const CHANGES_CHANNEL = 'portal_changes';

/**
 * 'public': no session needed (the route checks what it needs itself, e.g. sign-in flows);
 * 'authenticated': any fully signed-in caller; otherwise the permission check of spec 6.
 */
export type RoutePermission = 'public' | 'authenticated' | PermissionCheck;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /**
     * The path parameter naming the process the permission is checked in (its id or code name),
     * for routes like PATCH projects/{id}; otherwise the `graph` query parameter names it.
     */
    processParam?: string;
    /**
     * The route takes a service module's key (X-Api-Key) instead of a session: the guard resolves
     * the key into `request.apiKeyHolder` and the route checks the module's type itself.
     */
    apiKey?: boolean;
    /**
     * For a route whose process is named neither by `graph` nor by a path parameter of its own,
     * but found from what its path names (the SBOM upload: the process of the `:appKey` app):
     * when the request has no process in `graph`, the guard checks the permission in the process
     * whose id `resolve` answers. `resolve` throws the route's own answer when nothing is found.
     */
    processFrom?: { param: string; resolve(request: FastifyRequest, organizationId: string | null): Promise<string> };
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The service module whose X-Api-Key the request presented (routes with `config.apiKey`). */
    apiKeyHolder: ApiKeyHolder | null;
  }
  interface FastifyInstance {
    /** Changes in flight and the generation of the data (http/read-cache.ts): read caches follow it. */
    changes: ChangeTracker;
  }
}


export interface Caller {
  session: CurrentSession;
  user: UserRecord;
  organization: { id: string; name: string } | null;
  access: ResolvedAccess;
  /** The process of the request's `graph` parameter (null for Platform View '*' or none). */
  process: CallerProcess | null;
  context: PolicyContext;
}

export const ALL_PROJECTS_GRAPH = '*';

/** What the guard decided for a request (AppOptions.onAuthorization observes it: tests, audit). */
export interface AuthorizationDecision {
  method: string;
  /** The route's pattern, e.g. `/api/users/:id`. */
  route: string;
  allowed: boolean;
  user: string;
}

export type AuthorizationObserver = (decision: AuthorizationDecision) => void;

export interface DeclaredRoute {
  method: string;
  url: string;
  permission: RoutePermission;
  processParam?: string;
  /** The path parameter whose object's process the permission is checked in (config.processFrom). */
  processFrom?: string;
  /** A service module's X-Api-Key is taken instead of a session (config.apiKey). */
  apiKey?: true;
}

/** The caller of a route that is not 'public' (set by the guard). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new ApiProblem(401);
  return request.caller;
}

/** The caller's organization id; a caller without one (Global Admin) finds no organization's object. */
export function organizationOf(request: FastifyRequest): string {
  const organization = callerOf(request).organization;
  if (!organization) throw new ApiProblem(404);
  return organization.id;
}

/** The process of the request's `graph` parameter, required. */
export function processOf(request: FastifyRequest): CallerProcess {
  const process = callerOf(request).process;
  if (!process) throw new ApiProblem(400, "The 'graph' parameter (a process code name) is required.");
  return process;
}

/** Who calls, before the process of the request is known: the same for every request of a session. */
type SessionCaller = Pick<Caller, 'session' | 'user' | 'organization' | 'access'>;

/** The guard's look-ups, through read caches when the app has them. */
interface CallerSources {
  sessionCaller(token: string | undefined): Promise<SessionCaller>;
  process(organizationId: string, key: string): Promise<CallerProcess | undefined>;
}

/** The database the guard reads, and the identity families' answers (app.ts wires them). */
export interface GuardSources {
  db: Database;
  authentication: Authentication;
}

function callerSources(identity: GuardSources, caches?: { callers: ReadCache<SessionCaller>; processes: ReadCache<CallerProcess | null> }): CallerSources {
  const load = async (token: string | undefined): Promise<SessionCaller> => {
    const session = await identity.authentication.currentSession(token);
    if (!session) throw new ApiProblem(401);
    // Signed in half-way (second factor pending): known, but without rights yet.
    if (session.record.authentication_status !== 'Authenticated') throw new ApiProblem(403, messageForStatus(403));
    const { user } = session;
    const { organization, access } = await resolveCallerAccess(identity.db, user);
    return { session, user, organization, access };
  };
  if (!caches) {
    return { sessionCaller: load, process: (organizationId, key) => findProcess(identity.db, organizationId, key) };
  }
  return {
    // Refusals throw, so only signed-in callers are kept.
    sessionCaller: (token) => (token ? caches.callers.read(token, () => load(token)) : load(token)),
    process: async (organizationId, key) =>
      (await caches.processes.read(`${organizationId}\n${key.toLowerCase()}`, async () => (await findProcess(identity.db, organizationId, key)) ?? null)) ?? undefined,
  };
}

async function resolveCaller(sources: CallerSources, request: FastifyRequest): Promise<Caller> {
  const { session, user, organization, access } = await sources.sessionCaller(readSessionToken(request));
  const processParam = request.routeOptions.config?.processParam;
  const graphParameter = processParam
    ? (request.params as Record<string, unknown> | undefined)?.[processParam]
    : (request.query as Record<string, unknown> | undefined)?.graph;
  const graph = typeof graphParameter === 'string' && graphParameter !== '' ? graphParameter : undefined;
  let process: CallerProcess | null = null;
  const context: PolicyContext = { organization: organization?.name };
  const processFrom = request.routeOptions.config?.processFrom;
  if (processFrom && (graph === undefined || graph === ALL_PROJECTS_GRAPH || !organization)) {
    const key = await processFrom.resolve(request, organization?.id ?? null);
    const found = organization ? await sources.process(organization.id, key) : undefined;
    if (!found) throw new ApiProblem(404);
    process = found;
    context.project = found.code_name.toLowerCase();
    context.scope = 'project';
  } else if (graph === ALL_PROJECTS_GRAPH && !processParam) {
    context.scope = 'all-projects';
  } else if (graph !== undefined) {
    // Another organization's process (or none of that name) is not found: 404, never 403.
    const found = organization ? await sources.process(organization.id, graph) : undefined;
    if (!found) throw new ApiProblem(404);
    process = found;
    context.project = found.code_name.toLowerCase();
    context.scope = 'project';
  }
  return { session, user, organization, access, process, context };
}

/** Methods that only read: every other request to the API is a change (http/read-cache.ts). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Registers the guard on the root instance, before any route. `routes` collects every API route
 * with its declaration (the role × route table is generated from it).
 */
export function registerAuthorization(
  app: FastifyInstance,
  identity: GuardSources,
  observe?: AuthorizationObserver,
): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  app.decorateRequest('caller', null);
  app.decorateRequest('apiKeyHolder', null);
  // Every change through the API is tracked, so read caches (here and in route families) never
  // serve what was read before it (config.readCacheMs).
  const changes = createChangeTracker();
  app.decorate('changes', changes);
  const ttlMs = app.config.readCacheMs ?? 0;
  // Several API processes may share a Postgres server: each announces the changes it made once
  // they are committed, and every one (itself included) drops what it kept when told.
  const shared = ttlMs > 0 && identity.db.kind === 'postgres';
  if (shared) {
    let stopListening: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopListening = await identity.db.listen(CHANGES_CHANNEL, () => changes.invalidate());
    });
    app.addHook('onClose', async () => stopListening?.());
  }
  const changing = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method) || !request.url.startsWith('/api/')) return;
    changing.add(request);
    changes.begin();
  });
  const ended = async (request: FastifyRequest) => {
    if (!changing.delete(request)) return;
    changes.end();
    if (shared) await announceChanges(identity.db, CHANGES_CHANNEL).catch((error: unknown) => request.log.warn({ err: error }, 'changes not announced'));
  };
  app.addHook('onResponse', ended);
  app.addHook('onRequestAbort', ended);
  const sources = callerSources(
    identity,
    ttlMs > 0
      ? {
          callers: createReadCache<SessionCaller>(changes, { ttlMs, maxEntries: 10_000 }),
          processes: createReadCache<CallerProcess | null>(changes, { ttlMs, maxEntries: 10_000 }),
        }
      : undefined,
  );
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const permission = route.config?.permission;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (permission === undefined) {
      throw new Error(`${methods.join(',')} ${route.url} declares no permission (config.permission).`);
    }
    const processParam = route.config?.processParam;
    if (processParam !== undefined && !route.url.includes(`:${processParam}`)) {
      throw new Error(`${methods.join(',')} ${route.url} names the process by :${processParam}, which it does not have.`);
    }
    const processFrom = route.config?.processFrom?.param;
    if (processFrom !== undefined && !route.url.includes(`:${processFrom}`)) {
      throw new Error(`${methods.join(',')} ${route.url} finds the process by :${processFrom}, which it does not have.`);
    }
    const apiKey = route.config?.apiKey ? { apiKey: true as const } : {};
    for (const method of methods) {
      if (method !== 'HEAD') {
        routes.push({ method, url: route.url, permission, ...(processParam ? { processParam } : {}), ...(processFrom ? { processFrom } : {}), ...apiKey });
      }
    }
  });
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (permission === undefined) return;
    // A request with X-Api-Key is the key's alone: the session cookie is never looked at, so an
    // invalid key is a 401 even beside a valid cookie, and a key cannot borrow a browser's session.
    const key = request.headers[API_KEY_HEADER];
    if (key !== undefined) {
      const holder = typeof key === 'string' ? await identity.authentication.apiKeyHolder(key) : undefined;
      if (!holder) throw new ApiProblem(401, INVALID_API_KEY);
      if (!request.routeOptions.config?.apiKey) throw new ApiProblem(403, API_KEY_NOT_ACCEPTED);
      request.apiKeyHolder = holder;
      return;
    }
    if (permission === 'public') return;
    const caller = await resolveCaller(sources, request);
    request.caller = caller;
    const allowed = permission === 'authenticated' || checkPermission(caller.access, permission, caller.context);
    observe?.({ method: request.method, route: request.routeOptions.url ?? request.url, allowed, user: caller.user.login_id });
    if (!allowed) throw new ApiProblem(403, messageForStatus(403));
  });
  return routes;
}
