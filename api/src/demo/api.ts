// The part of the demo that goes through the real API (issue 6 item 16): an app is built on the
// seeded database and each step is an HTTP request (app.inject) as one of the demo people, so the
// demo data is exactly what the portal itself makes — events, tasks, history and all. The demo
// people keep their first sign-in (and two-factor setup) for whoever tries the demo: the steps
// use server-side sessions opened here and ended when the seeding is done.
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/shared/server';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Organization } from '../organizations/repository';
import { deleteSession } from '../sessions/repository';
import { openSession } from '../sessions/service';
import { findUserByLogin } from '../users/repository';

/** Requests as one demo person. */
export interface DemoCaller {
  login: string;
  id: string;
  /** The JSON answer of a 2xx; throws with the problem otherwise. `headers` add to the session's (an upload's content type). */
  call<T = unknown>(method: InjectOptions['method'], url: string, payload?: unknown, headers?: Record<string, string>): Promise<T>;
}

export interface DemoApiContext {
  app: FastifyInstance;
  organization: Organization;
  as(login: string): Promise<DemoCaller>;
}

/** A domain's demo data made through the API, after the transactional seeders committed. */
export interface DemoApiSeeder {
  name: string;
  seed(context: DemoApiContext): Promise<string[]>;
}

export async function seedThroughApi(
  database: Database,
  config: Config,
  organization: Organization,
  seeders: readonly DemoApiSeeder[],
): Promise<string[]> {
  const app = await buildApp({ config: { ...config, logLevel: 'warn', serveStatic: false }, database });
  const sessions: string[] = [];
  const callers = new Map<string, DemoCaller>();
  const as = async (login: string): Promise<DemoCaller> => {
    const known = callers.get(login);
    if (known) return known;
    const user = await findUserByLogin(database, login);
    if (!user) throw new Error(`The demo user ${login} does not exist.`);
    const session = await openSession(app.identity, user, 'Authenticated');
    sessions.push(session.record.id);
    const caller: DemoCaller = {
      login,
      id: user.id,
      async call<T>(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<T> {
        const response = await app.inject({
          method,
          url,
          headers: { ...headers, cookie: `portal_session=${session.token}`, [CSRF_HEADER]: CSRF_HEADER_VALUE },
          ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
        });
        if (response.statusCode >= 300) throw new Error(`demo: ${method} ${url} as ${login} answered ${response.statusCode}: ${response.body}`);
        return (response.body === '' ? undefined : response.json()) as T;
      },
    };
    callers.set(login, caller);
    return caller;
  };
  try {
    const lines: string[] = [];
    for (const seeder of seeders) {
      const done = await seeder.seed({ app, organization, as });
      lines.push(...done.map((line) => `${seeder.name}: ${line}`));
    }
    return lines;
  } finally {
    for (const id of sessions) await deleteSession(database, id);
    await app.close();
  }
}
