import { GLOBAL_ADMIN_ROLE } from '@portal/shared/server';
import type { DemoSeeder } from './seeder';
import { findUserByLogin } from '../users/repository';
import { createUser } from '../users/service';

interface DemoUser {
  login_id: string;
  name: string;
  email: string;
  roles: readonly string[];
  /** A Global Admin belongs to no organization (as the one the initialization creates). */
  global?: true;
}

/**
 * The demo's people: sign in with these (two-factor is set up at the first sign-in). The Global
 * Admin, of no organization and so without processes, shows Global Administration (issue 26 item 16).
 */
export const DEMO_USERS: readonly DemoUser[] = [
  { login_id: 'demo_admin', name: 'Ada Admin', email: 'demo.admin@example.com', roles: ['ORG_ADMIN', 'DEMO'] },
  { login_id: 'demo_author', name: 'Dana Author', email: 'demo.author@example.com', roles: ['AUTHOR'] },
  { login_id: 'demo_reviewer', name: 'Rory Reviewer', email: 'demo.reviewer@example.com', roles: ['REVIEWER'] },
  { login_id: 'demo_global_admin', name: 'Gale Global', email: 'demo.global@example.com', roles: [GLOBAL_ADMIN_ROLE], global: true },
];

export const DEMO_PASSWORD = 'Demo@2026';

export const usersDemo: DemoSeeder = {
  name: 'users',
  async seed({ db, organization }) {
    const lines: string[] = [];
    for (const wanted of DEMO_USERS) {
      if (await findUserByLogin(db, wanted.login_id)) {
        lines.push(`kept user ${wanted.login_id}`);
        continue;
      }
      const { global, ...user } = wanted;
      await createUser(db, { ...user, roles: [...user.roles], organizationId: global ? null : organization.id, password: DEMO_PASSWORD }, new Date());
      lines.push(`created user ${wanted.login_id} (password ${DEMO_PASSWORD})`);
    }
    return lines;
  },
};
