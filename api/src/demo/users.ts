import type { DemoSeeder } from './seeder';
import { findUserByLogin } from '../users/repository';
import { createUser } from '../users/service';

/** The demo's people: sign in with these (two-factor is set up at the first sign-in). */
export const DEMO_USERS = [
  { login_id: 'demo_admin', name: 'Ada Admin', email: 'demo.admin@example.com', roles: ['ORG_ADMIN', 'DEMO'] },
  { login_id: 'demo_author', name: 'Dana Author', email: 'demo.author@example.com', roles: ['AUTHOR'] },
  { login_id: 'demo_reviewer', name: 'Rory Reviewer', email: 'demo.reviewer@example.com', roles: ['REVIEWER'] },
] as const;

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
      await createUser(db, { ...wanted, roles: [...wanted.roles], organizationId: organization.id, password: DEMO_PASSWORD }, new Date());
      lines.push(`created user ${wanted.login_id} (password ${DEMO_PASSWORD})`);
    }
    return lines;
  },
};
