// What a browser may do at the broker endpoint /events/ws/amqp (issue 20): one policy for both
// brokers — the embedded one (embedded.ts) and the gateway to RabbitMQ's Web-STOMP (gateway.ts).
//
// - The WebSocket upgrade carries the cookie of a signed-in (Authenticated) session; CONNECT
//   presents, as passcode, a broker token (token.ts) issued to that same user and session, with an
//   empty login. Broker accounts (guest, the compose user, the API's own) are never accepted.
// - SUBSCRIBE: only the user's own queues and the shell's fanout exchanges (broker.ts maySubscribe).
// - SEND: only an instant message (spec 3) to 'notifications#{userId}' of an active user of the
//   sender's own organization, by a sender who may open the User List (the screen that sends it).
//   The server rebuilds the message: sender stamped from the session's user, eventId and time of
//   the server, the text trimmed and length-limited, no other field kept; the API publishes it.
//
// A refusal is a BrowserRefusal whose message goes into the STOMP ERROR frame; a credential
// refusal names '(403)', on which the browser drops its token and fetches another (spec 8).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import {
  checkPermission,
  INSTANT_MESSAGE_MAX_LENGTH,
  messageForStatus,
  notificationsQueue,
  PERMISSIONS,
  type InstantMessage,
  type PolicyContext,
} from '@portal/shared/server';
import { resolveAccess } from '../authorization/access';
import type { CurrentSession } from '../authorization/principal';
import { sessionCookieName } from '../http/session-cookie';
import { maySubscribe, parseStompDestination, type StompDestination } from './broker';
import type { StompFrame } from './stomp-frame';
import type { Queryable } from '../db/database';
import type { BrokerTokens } from './token';

/** A refusal: its message is the STOMP ERROR frame's, then the connection closes. */
export class BrowserRefusal extends Error {}

/** The session a WebSocket upgrade's cookie belongs to. */
export interface BrowserSession {
  userId: string;
  /** The session's record id (what broker tokens are bound to). */
  sessionId: string;
  /** The cookie's secret, kept to look the session up again at each SEND (it may have ended). */
  secret: string;
}

/** What the API publishes for a browser's SEND. */
export interface Publication {
  destination: string;
  body: InstantMessage;
}

/**
 * What the User List needs (spec 6 route guard of /administration/user-list, and GET users): the
 * screen whose Send message dialog sends instant messages.
 */
export const INSTANT_MESSAGE_PERMISSION = PERMISSIONS.administration.USER.LIST;

export const TOKEN_REFUSED = 'Access refused: the broker token is invalid or expired (403).';
export const SESSION_REQUIRED = 'Access refused: the broker endpoint needs a signed-in session (403).';
export const LOGIN_REFUSED = 'Access refused: the broker takes no login, only a broker token as passcode (403).';
export const NOT_PERMITTED = `${messageForStatus(403)} (403)`;
export const INVALID_INSTANT_MESSAGE =
  `An instant message is a JSON object {"type":"instant-message","message":…} of 1 to ${INSTANT_MESSAGE_MAX_LENGTH} characters (400).`;

export const accessRefused = (destination: string) => `Access refused to '${destination}' (403).`;
export const noSuchUser = (userId: string) => `No user '${userId}' (404).`;
export const noSuchProcess = (project: string) => `No process '${project}' (404).`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the policy looks up in the families that own it (sessions, organizations, users,
 * processes): app.ts wires their services in, so realtime imports no family.
 */
export interface BrowserDirectory {
  db: Queryable;
  now(): Date;
  /** The live session of a cookie's secret, with its user. */
  currentSession(secret: string): Promise<CurrentSession | undefined>;
  organization(id: string): Promise<{ id: string; name: string } | undefined>;
  /** A user of that organization (by id), active or not. */
  userOfOrganization(organizationId: string, userId: string): Promise<{ id: string; inactive: boolean } | undefined>;
  /** The organization's process of that code name (any case). */
  processByCode(organizationId: string, codeName: string): Promise<{ code_name: string } | undefined>;
}

export interface BrowserPolicyOptions {
  identity: BrowserDirectory;
  tokens: BrokerTokens;
  /** TRUST_PROXY: X-Forwarded-Proto says whether the browser used https (the cookie's name). */
  trustProxy: boolean;
  parseCookie(header: string): Record<string, string | undefined>;
}

export interface BrowserPolicy {
  /** The Authenticated session of the upgrade's cookie, or null (refused at CONNECT). */
  sessionOf(request: IncomingMessage): Promise<BrowserSession | null>;
  /** CONNECT (or STOMP): the user id it authenticates, or a refusal. */
  connect(session: BrowserSession | null, frame: StompFrame): string;
  /** SUBSCRIBE: the destination, when the user may consume it. */
  subscription(userId: string, frame: StompFrame): StompDestination;
  /** SEND: the instant message the API publishes in the browser's stead. */
  instantMessage(session: BrowserSession, frame: StompFrame): Promise<Publication>;
}

/** As Fastify reads request.protocol: the proxy's X-Forwarded-Proto (last entry) when trusted, else the socket. */
function protocolOf(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-proto'];
  if (trustProxy && typeof forwarded === 'string' && forwarded !== '') return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
  return (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

function isSignedIn(current: CurrentSession | undefined): current is CurrentSession {
  return current !== undefined && current.record.authentication_status === 'Authenticated';
}

/**
 * What the sender chooses of an instant message: its text (something in it, at most
 * INSTANT_MESSAGE_MAX_LENGTH once trimmed) and the project it names ('' for none or Platform View
 * '*'). Every other field of the body is dropped.
 */
function readInstantMessage(body: string): { text: string; project: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new BrowserRefusal(INVALID_INSTANT_MESSAGE);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BrowserRefusal(INVALID_INSTANT_MESSAGE);
  const { type, message, project } = parsed as { type?: unknown; message?: unknown; project?: unknown };
  if (type !== 'instant-message' || typeof message !== 'string') throw new BrowserRefusal(INVALID_INSTANT_MESSAGE);
  if (project !== undefined && project !== null && typeof project !== 'string') throw new BrowserRefusal(INVALID_INSTANT_MESSAGE);
  const text = message.trim();
  if (text === '' || text.length > INSTANT_MESSAGE_MAX_LENGTH) throw new BrowserRefusal(INVALID_INSTANT_MESSAGE);
  return { text, project: project && project !== '*' ? project : '' };
}

export function createBrowserPolicy(options: BrowserPolicyOptions): BrowserPolicy {
  const { identity, tokens } = options;
  const { db } = identity;

  return {
    async sessionOf(request) {
      const header = request.headers.cookie;
      if (!header) return null;
      const name = sessionCookieName({ protocol: protocolOf(request, options.trustProxy) } as FastifyRequest);
      const secret = options.parseCookie(header)[name];
      if (!secret) return null;
      const current = await identity.currentSession(secret);
      if (!isSignedIn(current)) return null;
      return { userId: current.user.id, sessionId: current.record.id, secret };
    },

    connect(session, frame) {
      const versions = (frame.headers['accept-version'] ?? '1.0').split(',').map((version) => version.trim());
      if (!versions.includes('1.2')) throw new BrowserRefusal('Supported protocol version is 1.2.');
      const host = frame.headers.host;
      if (host !== undefined && host !== '/') throw new BrowserRefusal(`Virtual host '${host}' access denied.`);
      if (!session) throw new BrowserRefusal(SESSION_REQUIRED);
      // Spec 7: login empty, the token as passcode. A broker account's name is refused outright.
      if ((frame.headers.login ?? '') !== '') throw new BrowserRefusal(LOGIN_REFUSED);
      const holder = tokens.verify(frame.headers.passcode ?? '', identity.now());
      if (!holder || holder.userId !== session.userId || holder.sessionId !== session.sessionId) throw new BrowserRefusal(TOKEN_REFUSED);
      return session.userId;
    },

    subscription(userId, frame) {
      const target = frame.headers.destination ?? '';
      const destination = parseStompDestination(target);
      if (!destination || !maySubscribe(userId, destination)) throw new BrowserRefusal(accessRefused(target));
      return destination;
    },

    async instantMessage(session, frame) {
      const target = frame.headers.destination ?? '';
      const destination = parseStompDestination(target);
      const recipientId = destination?.kind === 'queue' ? /^notifications#(.+)$/.exec(destination.name)?.[1] : undefined;
      if (recipientId === undefined) throw new BrowserRefusal(accessRefused(target));
      const { text, project } = readInstantMessage(frame.body);
      // The session may have ended since the connection opened (sign-out, a newer sign-in, timeout).
      const current = await identity.currentSession(session.secret);
      if (!isSignedIn(current) || current.record.id !== session.sessionId) throw new BrowserRefusal(SESSION_REQUIRED);
      const sender = current.user;
      const organization = sender.organization_id ? await identity.organization(sender.organization_id) : undefined;
      if (!organization) throw new BrowserRefusal(NOT_PERMITTED);
      const context: PolicyContext = { organization: organization.name };
      if (!checkPermission(await resolveAccess(db, sender), INSTANT_MESSAGE_PERMISSION, context)) throw new BrowserRefusal(NOT_PERMITTED);
      // Another organization's user, an inactive one or none: not found, alike.
      const recipient = UUID.test(recipientId) ? await identity.userOfOrganization(organization.id, recipientId) : undefined;
      if (!recipient || recipient.inactive) throw new BrowserRefusal(noSuchUser(recipientId));
      let graph = '';
      if (project !== '') {
        const process = await identity.processByCode(organization.id, project);
        if (!process) throw new BrowserRefusal(noSuchProcess(project));
        graph = process.code_name.toLowerCase();
      }
      const body: InstantMessage = {
        type: 'instant-message',
        project: graph,
        sender: `${sender.name || sender.login_id} (${sender.login_id})`,
        eventId: randomUUID(),
        message: text,
        time: identity.now().toISOString(),
      };
      return { destination: notificationsQueue(recipient.id), body };
    },
  };
}
