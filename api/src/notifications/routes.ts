// The signed-in user's notification preferences (issue 22 item 1), in the style of spec 7's users
// calls: GET/PUT users/{username}/notification-preferences, {username} being their own login id or
// email. Account Profile → Notifications reads and saves them.
import type { NotificationPreferences } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { changePreferences, readPreferences, type PreferencesOwner } from './preferences';

const params = {
  type: 'object',
  required: ['username'],
  properties: { username: { type: 'string', minLength: 1, maxLength: 255 } },
} as const;

const kinds = { type: 'array', maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 200 } } as const;

const preferencesBody = {
  type: 'object',
  required: ['muted', 'mail_digest'],
  additionalProperties: false,
  properties: { muted: kinds, mail_digest: { type: 'boolean' } },
} as const;

const preferencesView = {
  type: 'object',
  required: ['muted', 'mail_digest', 'events'],
  properties: { muted: kinds, mail_digest: { type: 'boolean' }, events: { type: 'array', items: { type: 'string' } } },
} as const;

export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['users'];
  const owner = (request: FastifyRequest): PreferencesOwner => callerOf(request).user;
  const username = (request: FastifyRequest) => (request.params as { username: string }).username;

  app.get(
    '/users/:username/notification-preferences',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in user's notification preferences (muted event kinds, daily digest) and the kinds there are",
        params,
        response: { 200: preferencesView, ...problems(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readPreferences(app.database, owner(request), username(request));
    },
  );

  app.put(
    '/users/:username/notification-preferences',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "Set the signed-in user's notification preferences",
        params,
        body: preferencesBody,
        response: { 200: preferencesView, ...problems(400, 401, 403) },
      },
    },
    async (request) => changePreferences(app.database, owner(request), username(request), request.body as NotificationPreferences),
  );
}
