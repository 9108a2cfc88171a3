// The requirements demo (issue 6 item 16): a process NIST holding the NIST SP 800-53 rev5 LOW
// baseline, the demo people as its members, and requirements in every workflow state with their
// tasks, gaps, risks and comments — all made through the API as the demo people would.
import type { Requirement, RequirementPage, RequirementTask } from '@portal/shared/server';
import { reopenAsAccepted } from '../requirements/repository';
import { readNistLowBaseline } from '../standards/catalogs';
import type { StandardImportView } from '../standards/jobs';
import type { DemoApiSeeder, DemoCaller } from './api';

export const DEMO_NIST_PROCESS = { code_name: 'NIST', name: 'NIST SP 800-53 LOW baseline', type: 'REQUIREMENTS', dashboard_type: 'LIVE' } as const;
const GRAPH = DEMO_NIST_PROCESS.code_name.toLowerCase();

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

async function finishedImport(author: DemoCaller, job: StandardImportView): Promise<StandardImportView> {
  let current = job;
  for (let attempt = 0; current.status === 'RUNNING' && attempt < 600; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = await author.call<StandardImportView>('GET', `/api/standards/imports/${job.id}?graph=${GRAPH}`);
  }
  if (current.status !== 'DONE') throw new Error(`demo: the NIST import ended ${current.status}: ${current.error ?? ''}`);
  return current;
}

export const requirementsDemo: DemoApiSeeder = {
  name: 'requirements',
  async seed({ app, as }) {
    const admin = await as('demo_admin');
    const author = await as('demo_author');
    const reviewer = await as('demo_reviewer');
    const processes = await admin.call<{ id: string; code_name: string }[]>('GET', '/api/projects');
    if (processes.some((process) => process.code_name.toLowerCase() === GRAPH)) return [`kept process ${DEMO_NIST_PROCESS.code_name} '${DEMO_NIST_PROCESS.name}'`];

    await admin.call('POST', '/api/projects', DEMO_NIST_PROCESS);
    try {
      // Members (an organization admin who creates a process is not enrolled in it).
      await admin.call('PATCH', '/api/users/memberships', { user_id: admin.id, process: DEMO_NIST_PROCESS.code_name, roles: ['ADMIN'] });
      await admin.call('PATCH', '/api/users/memberships', { user_id: author.id, process: DEMO_NIST_PROCESS.code_name, roles: ['AUTHOR'] });
      await admin.call('PATCH', '/api/users/memberships', { user_id: reviewer.id, process: DEMO_NIST_PROCESS.code_name, roles: ['REVIEWER'] });

      const catalog: unknown = JSON.parse(await readNistLowBaseline());
      const job = await finishedImport(author, await author.call<StandardImportView>('POST', `/api/standards/imports?graph=${GRAPH}`, catalog));

      const page = await author.call<RequirementPage>('GET', `/api/requirements?graph=${GRAPH}&limit=500`);
      const byCode = new Map(page.items.map((requirement) => [requirement.code, requirement]));
      const requirement = (code: string): Requirement => {
        const found = byCode.get(code);
        if (!found) throw new Error(`demo: no requirement ${code} in the NIST baseline`);
        return found;
      };
      const url = (code: string, rest = '') => `/api/requirements/${requirement(code).id}${rest}?graph=${GRAPH}`;

      // Owners, due dates (two already past), priorities and tags for the reports.
      const plan: [string, { priority: string; due: number; tags: string[] }][] = [
        ['AC-1', { priority: 'HIGH', due: 30, tags: ['policy'] }],
        ['AC-2', { priority: 'CRITICAL', due: -5, tags: ['access', 'identity'] }],
        ['AC-3', { priority: 'HIGH', due: 20, tags: ['access'] }],
        ['AC-8', { priority: 'LOW', due: 45, tags: ['access'] }],
        ['AT-1', { priority: 'MEDIUM', due: -10, tags: ['policy', 'training'] }],
        ['IA-1', { priority: 'MEDIUM', due: 15, tags: ['policy', 'identity'] }],
        ['IA-2', { priority: 'CRITICAL', due: -2, tags: ['identity'] }],
        ['AU-2', { priority: 'HIGH', due: 60, tags: ['logging'] }],
        ['SC-7', { priority: 'HIGH', due: 90, tags: ['network'] }],
      ];
      for (const [code, wanted] of plan) {
        const current = requirement(code);
        byCode.set(
          code,
          await author.call<Requirement>('PUT', url(code), {
            version: current.version,
            priority: wanted.priority,
            owner_id: author.id,
            due_date: day(wanted.due),
            tags: wanted.tags,
          }),
        );
      }

      const submit = (code: string) =>
        author.call<RequirementTask>('POST', url(code, '/submit'), { reviewer_id: reviewer.id, due_date: day(7), comment: `Please review ${code}.` });
      const accept = async (code: string) => {
        const review = await submit(code);
        return reviewer.call<RequirementTask>('POST', `/api/tasks/${review.id}/accept?graph=${GRAPH}`, {
          delegate_to_id: author.id,
          due_date: day(30),
          comment: 'Accepted; please implement it.',
        });
      };
      const task = (id: string, rest: string) => `/api/tasks/${id}${rest}?graph=${GRAPH}`;

      // IN_REVIEW: waiting for the reviewer.
      await submit('AC-1');
      // REJECTED: back to the author with the reviewer's reason.
      const rejected = await submit('AC-2');
      await reviewer.call('POST', task(rejected.id, '/reject'), {
        comment: 'List the account types and who approves each before this can be accepted.',
      });
      // IN_PROGRESS at 40 %.
      const started = await accept('AC-3');
      await author.call('PATCH', task(started.id, '/progress'), { progress: 40 });
      // COMPLETED.
      for (const code of ['AT-1', 'IA-1']) {
        const delegated = await accept(code);
        await author.call('PATCH', task(delegated.id, '/progress'), { progress: 100 });
      }
      // FAILED.
      const failing = await accept('AU-2');
      await author.call('POST', task(failing.id, '/fail'), { comment: 'Log storage is not budgeted this year.' });
      // ACCEPTED: the API moves an accepted requirement on to IN_PROGRESS at once (its delegate task
      // opens); the demo shows the state in between on one whose delegate has not started yet.
      // The one step of plain SQL: no route leaves a requirement ACCEPTED.
      await accept('AC-8');
      await reopenAsAccepted(app.database, requirement('AC-8').id);

      // Gaps and risks (each opens its resolving task), comments.
      await author.call('POST', url('IA-2', '/gaps'), {
        description: 'Multi-factor authentication is not enforced for privileged accounts.',
        remediation_plan: 'Roll out hardware security keys to all administrators and enforce them at sign-in.',
        target_date: day(21),
        assignee_id: author.id,
      });
      await author.call('POST', url('AC-2', '/gaps'), {
        description: 'Shared accounts exist on the build servers.',
        remediation_plan: 'Replace them with named accounts and remove the shared ones.',
        target_date: day(14),
      });
      await author.call('POST', url('IA-2', '/risks'), {
        likelihood: 4,
        impact: 5,
        description: 'A stolen administrator password gives full access.',
      });
      await reviewer.call('POST', url('SC-7', '/risks'), {
        likelihood: 2,
        impact: 4,
        description: 'The boundary firewall rules are reviewed only yearly.',
      });
      const comments: [DemoCaller, string, string][] = [
        [reviewer, 'AC-2', 'Which account types are allowed on production?'],
        [author, 'AC-2', 'Individual, service and emergency accounts; I will list them in the description.'],
        [admin, 'AC-1', 'The policy template from last year can be reused.'],
        [author, 'IA-2', 'Hardware keys are ordered for the admin team.'],
        [reviewer, 'AU-2', 'Can we log to the existing SIEM instead?'],
      ];
      for (const [who, code, text] of comments) await who.call('POST', url(code, '/comments'), { text });

      return [
        `created process ${DEMO_NIST_PROCESS.code_name} '${DEMO_NIST_PROCESS.name}' with members demo_admin (ADMIN), demo_author (AUTHOR), demo_reviewer (REVIEWER)`,
        `imported '${job.title}': ${job.total} requirements`,
        'AC-1 in review, AC-2 rejected, AC-8 accepted, AC-3 in progress, AT-1 and IA-1 completed, AU-2 failed; 2 gaps, 2 risks, 5 comments',
      ];
    } catch (error) {
      // Half a demo process would be kept by the next run: remove it, so that the next run starts over.
      await admin.call('DELETE', `/api/projects/${DEMO_NIST_PROCESS.code_name}`).catch(() => undefined);
      throw error;
    }
  },
};
