// The collaboration demo (issue 23): in the NIST process, shared files of the evidence library
// (api/src/demo/files, written for the demo) linked as evidence to the requirements they support,
// general tasks for the demo people — one a recurring quarterly access review with its review
// sheet attached — and the Demo Organization's org chart (15 people, the demo people among them by
// their emails). Made through the API as the demo people would, after the requirements demo.
import { readFile } from 'node:fs/promises';
import type { DocumentPage, DocumentUploadResult, InboxTask, OrgChart, OrgChartChangeReport, RequirementPage } from '@portal/shared/server';
import { sourcePath } from '../paths';
import type { DemoApiSeeder, DemoCaller } from './api';
import { DEMO_NIST_PROCESS } from './requirements';

const GRAPH = DEMO_NIST_PROCESS.code_name.toLowerCase();
const FILES = sourcePath('demo', 'files');

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** The library's demo files: [folder, file, the requirements it is evidence for]. */
export const DEMO_DOCUMENTS: readonly (readonly [string, string, readonly string[]])[] = [
  ['policies', 'access-control-policy.md', ['AC-1', 'AC-3']],
  ['policies', 'audit-logging-standard.md', ['AU-2']],
  ['evidence', 'security-awareness-training.csv', ['AT-1']],
  ['evidence', 'system-use-notification.txt', ['AC-8']],
];

/** The review sheet, uploaded as the quarterly access review's attachment (and AC-2's evidence). */
const REVIEW_SHEET = ['evidence', 'access-review-2026-Q3.csv', ['AC-2']] as const;

interface DemoTask {
  title: string;
  description: string;
  assignee: 'demo_author' | 'demo_reviewer';
  due: number;
  requirement: string;
  recurrence?: string;
}

export const DEMO_TASKS: readonly DemoTask[] = [
  {
    title: 'Quarterly access review',
    description: "Each system owner confirms who has access to their systems; remove what is no longer needed and attach the review sheet.",
    assignee: 'demo_author',
    due: 14,
    requirement: 'AC-2',
    recurrence: 'FREQ=MONTHLY;INTERVAL=3',
  },
  { title: 'Update the access control policy', description: 'Add the rule for service accounts and have the CISO approve version 1.4.', assignee: 'demo_author', due: 30, requirement: 'AC-1' },
  { title: 'Chase the missing training certificates', description: 'Lena Developer has not completed the 2026 security awareness course.', assignee: 'demo_author', due: -3, requirement: 'AT-1' },
  { title: 'Check the audit log retention', description: 'Confirm that the logs of the web shop are kept one year online, as the standard says.', assignee: 'demo_reviewer', due: 10, requirement: 'AU-2' },
  { title: 'Review the sign-in banner text', description: 'Legal asked for a shorter notice on the mobile sign-in page.', assignee: 'demo_reviewer', due: 21, requirement: 'AC-8' },
];

export const DEMO_ORG_CHART = { file: 'org-chart.csv', mapping: { id: 0, name: 1, title: 2, manager_id: 3, email: 4, department: 5 } } as const;

/** A multipart/form-data body: fields first, then files. */
function multipart(fields: Record<string, string>, files: { field: string; name: string; content: Buffer }[]) {
  const boundary = '----portal-demo-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function uploadFile(caller: DemoCaller, folder: string, name: string, task?: string): Promise<string> {
  const body = multipart({ folder, ...(task ? { task } : {}) }, [{ field: 'files', name, content: await readFile(`${FILES}/${name}`) }]);
  const result = await caller.call<DocumentUploadResult>('POST', `/api/documents?graph=${GRAPH}`, body.payload, body.headers);
  return result.documents[0].id;
}

export const collaborationDemo: DemoApiSeeder = {
  name: 'collaboration',
  async seed({ as }) {
    const admin = await as('demo_admin');
    const author = await as('demo_author');
    const reviewer = await as('demo_reviewer');
    const lines: string[] = [];

    const library = await author.call<DocumentPage>('GET', `/api/documents?graph=${GRAPH}&limit=1`);
    if (library.total > 0) {
      lines.push(`kept the ${DEMO_NIST_PROCESS.code_name} library (${library.total} files) and its tasks`);
    } else {
      const page = await author.call<RequirementPage>('GET', `/api/requirements?graph=${GRAPH}&limit=500`);
      const byCode = new Map(page.items.map((requirement) => [requirement.code, requirement.id]));
      const requirement = (code: string) => {
        const id = byCode.get(code);
        if (!id) throw new Error(`demo: no requirement ${code} in the NIST baseline`);
        return id;
      };
      const people = { demo_author: author.id, demo_reviewer: reviewer.id };

      const tasks = new Map<string, string>();
      for (const task of DEMO_TASKS) {
        const created = await admin.call<InboxTask>('POST', `/api/tasks?graph=${GRAPH}`, {
          title: task.title,
          description: task.description,
          due_date: day(task.due),
          assigned_to_user_id: people[task.assignee],
          link: { kind: 'requirement', id: requirement(task.requirement) },
          ...(task.recurrence ? { recurrence: task.recurrence } : {}),
        });
        tasks.set(task.title, created.id);
      }

      let links = 0;
      const evidence = async (documentId: string, codes: readonly string[]) => {
        for (const code of codes) {
          await author.call('PUT', `/api/documents/${documentId}/requirements/${requirement(code)}?graph=${GRAPH}`);
          links += 1;
        }
      };
      for (const [folder, name, codes] of DEMO_DOCUMENTS) await evidence(await uploadFile(author, folder, name), codes);
      // The review sheet is uploaded from the access review task (attached at once).
      const [folder, name, codes] = REVIEW_SHEET;
      await evidence(await uploadFile(author, folder, name, tasks.get('Quarterly access review')), codes);
      // The training roster is also the training task's attachment, linked from the library.
      const roster = await author.call<DocumentPage>('GET', `/api/documents?graph=${GRAPH}&q=security-awareness`);
      await author.call('PUT', `/api/documents/${roster.items[0].id}/tasks/${tasks.get('Chase the missing training certificates')}?graph=${GRAPH}`);

      lines.push(
        `${DEMO_TASKS.length} general tasks (${DEMO_TASKS.map((task) => task.title).join(', ')}; the access review repeats quarterly)`,
        `${DEMO_DOCUMENTS.length + 1} shared files in policies/ and evidence/, ${links} evidence links, 2 task attachments`,
      );
    }

    const chart = await admin.call<OrgChart>('GET', `/api/org-chart?graph=${GRAPH}`);
    if (chart.uploaded_at !== null) {
      lines.push(`kept the org chart (${chart.people.length} people)`);
    } else {
      const body = multipart({ mapping: JSON.stringify(DEMO_ORG_CHART.mapping) }, [{ field: 'file', name: DEMO_ORG_CHART.file, content: await readFile(`${FILES}/${DEMO_ORG_CHART.file}`) }]);
      const result = await admin.call<OrgChartChangeReport>('POST', `/api/org-chart?graph=${GRAPH}`, body.payload, body.headers);
      lines.push(`org chart of ${result.people} people (demo_admin, demo_author and demo_reviewer among them)`);
    }
    return lines;
  },
};
