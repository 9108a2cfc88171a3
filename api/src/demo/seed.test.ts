import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { findOrganizationByName } from '../organizations/repository';
import { listProcesses } from '../processes/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { DEMO_ORGANIZATION, seedDemo } from './seed';
import type { DemoSeeder } from './seeder';

let environment: TestEnvironment;
let database: Database;

beforeAll(async () => {
  environment = await createTestEnvironment();
  database = await openDatabase(environment.config);
  await migrate(database);
});

afterAll(async () => {
  await database.close();
  await environment.cleanup();
});

it('seeds the demo organization, its processes and people, then finds them on a second run', async () => {
  expect(await seedDemo(database, undefined, { config: environment.config })).toEqual([
    "created organization 'Demo Organization'",
    "processes: created process DEMO 'Demo Requirements'",
    "processes: created process DISCOVERY 'Demo eDiscovery'",
    'users: created user demo_admin (password Demo@2026)',
    'users: created user demo_author (password Demo@2026)',
    'users: created user demo_reviewer (password Demo@2026)',
    'users: created user demo_global_admin (password Demo@2026)',
    "requirements: created process NIST 'NIST SP 800-53 LOW baseline' with members demo_admin (ADMIN), demo_author (AUTHOR), demo_reviewer (REVIEWER)",
    "requirements: imported 'NIST Special Publication 800-53 Revision 5.1.1 LOW IMPACT BASELINE': 167 requirements",
    'requirements: AC-1 in review, AC-2 rejected, AC-8 accepted, AC-3 in progress, AT-1 and IA-1 completed, AU-2 failed; 2 gaps, 2 risks, 5 comments',
    'applications: imported 87 GitHub advisories (87 new)',
    'applications: imported the KEV catalog 2025.02.25: 1 known exploited vulnerability',
    expect.stringMatching(/^applications: created app juice-shop: build 1 with 841 components and \d+ vulnerabilities$/),
    expect.stringMatching(/^applications: created app dropwizard: build 1 with 168 components and \d+ vulnerabilities$/),
    expect.stringMatching(/^applications: created app laravel: build 1 with 63 components and \d+ vulnerabilities$/),
    'applications: 3 VEX analyses: not_affected (juice-shop ws), in_triage (juice-shop lodash), exploitable (dropwizard jackson-databind)',
    expect.stringMatching(/^deployment profiles: created profile Production \(prod\) of juice-shop, build 1: RBOM of \d+ of 841 components$/),
    'collaboration: 5 general tasks (Quarterly access review, Update the access control policy, Chase the missing training certificates, Check the audit log retention, Review the sign-in banner text; the access review repeats quarterly)',
    'collaboration: 5 shared files in policies/ and evidence/, 6 evidence links, 2 task attachments',
    'collaboration: org chart of 15 people (demo_admin, demo_author and demo_reviewer among them)',
  ]);
  expect(await seedDemo(database, undefined, { config: environment.config })).toEqual([
    "kept organization 'Demo Organization'",
    "processes: kept process DEMO 'Demo Requirements'",
    "processes: kept process DISCOVERY 'Demo eDiscovery'",
    'users: kept user demo_admin',
    'users: kept user demo_author',
    'users: kept user demo_reviewer',
    'users: kept user demo_global_admin',
    "requirements: kept process NIST 'NIST SP 800-53 LOW baseline'",
    'applications: kept applications juice-shop, dropwizard, laravel',
    'deployment profiles: kept profile Production of juice-shop',
    'collaboration: kept the NIST library (5 files) and its tasks',
    'collaboration: kept the org chart (15 people)',
  ]);

  const organization = await findOrganizationByName(database, DEMO_ORGANIZATION);
  if (!organization) throw new Error('no demo organization');
  const processes = await listProcesses(database, organization.id);
  expect(processes.map(({ code_name, name, type, dashboard_type }) => ({ code_name, name, type, dashboard_type }))).toEqual([
    { code_name: 'DEMO', name: 'Demo Requirements', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
    { code_name: 'DISCOVERY', name: 'Demo eDiscovery', type: 'EDISCOVERY', dashboard_type: 'MIX' },
    { code_name: 'NIST', name: 'NIST SP 800-53 LOW baseline', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
  ]);
  const organizations = await database.query('SELECT id FROM organizations WHERE name = $1', [DEMO_ORGANIZATION]);
  expect(organizations).toHaveLength(1);
  // The demo's Global Admin: of no organization, so without processes (Global Administration only).
  expect(await database.query("SELECT organization_id, roles FROM users WHERE login_id = 'demo_global_admin'")).toEqual([
    { organization_id: null, roles: ['_global_admin'] },
  ]);
});

it('makes the NIST process through the API: members, the LOW baseline, every workflow state, tasks, gaps, risks, comments', async () => {
  const nist = (sql: string) =>
    database.query(sql.replace('$NIST', "(SELECT id FROM processes WHERE code_name = 'NIST')"));
  expect(
    await nist(`SELECT u.login_id, m.roles FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.process_id = $NIST ORDER BY u.login_id`),
  ).toEqual([
    { login_id: 'demo_admin', roles: ['ADMIN'] },
    { login_id: 'demo_author', roles: ['AUTHOR'] },
    { login_id: 'demo_reviewer', roles: ['REVIEWER'] },
  ]);
  expect(await nist(`SELECT title, controls FROM standards WHERE process_id = $NIST`)).toEqual([
    { title: 'NIST Special Publication 800-53 Revision 5.1.1 LOW IMPACT BASELINE', controls: 149 },
  ]);
  expect(await nist(`SELECT code, status, progress FROM requirements WHERE process_id = $NIST AND status <> 'DRAFT' ORDER BY code`)).toEqual([
    { code: 'AC-1', status: 'IN_REVIEW', progress: 0 },
    { code: 'AC-2', status: 'REJECTED', progress: 0 },
    { code: 'AC-3', status: 'IN_PROGRESS', progress: 40 },
    { code: 'AC-8', status: 'ACCEPTED', progress: 0 },
    { code: 'AT-1', status: 'COMPLETED', progress: 100 },
    { code: 'AU-2', status: 'FAILED', progress: 0 },
    { code: 'IA-1', status: 'COMPLETED', progress: 100 },
  ]);
  expect(await nist(`SELECT count(*)::int AS n FROM requirements WHERE process_id = $NIST AND status = 'DRAFT'`)).toEqual([{ n: 160 }]);
  expect(await nist(`SELECT type, status, count(*)::int AS n FROM tasks WHERE process_id = $NIST GROUP BY 1, 2 ORDER BY 1, 2`)).toEqual([
    { type: 'DELEGATE', status: 'COMPLETED', n: 2 },
    { type: 'DELEGATE', status: 'FAILED', n: 1 },
    { type: 'DELEGATE', status: 'OPEN', n: 2 },
    // The collaboration demo's general tasks (below).
    { type: 'GENERAL', status: 'OPEN', n: 5 },
    { type: 'HAS_GAP', status: 'OPEN', n: 2 },
    { type: 'RESOLVE_REJECTED', status: 'OPEN', n: 1 },
    { type: 'RESOLVE_RISK', status: 'OPEN', n: 2 },
    { type: 'REVIEW', status: 'COMPLETED', n: 6 },
    { type: 'REVIEW', status: 'OPEN', n: 1 },
  ]);
  expect(await nist(`SELECT count(*)::int AS gaps FROM gaps WHERE process_id = $NIST AND status = 'OPEN'`)).toEqual([{ gaps: 2 }]);
  expect(await nist(`SELECT score FROM risks WHERE process_id = $NIST ORDER BY score DESC`)).toEqual([{ score: 20 }, { score: 8 }]);
  expect(await nist(`SELECT count(*)::int AS comments FROM requirement_comments WHERE process_id = $NIST`)).toEqual([{ comments: 5 }]);
  // Overdue work for the reports and the dashboard; the history made by the API, as the demo people.
  expect(await nist(`SELECT count(*)::int AS n FROM requirements WHERE process_id = $NIST AND due_date < CURRENT_DATE AND status <> 'COMPLETED'`)).toEqual([{ n: 2 }]);
  const actors = await nist(`SELECT DISTINCT u.login_id FROM requirement_events e JOIN users u ON u.id = e.actor_id WHERE e.process_id = $NIST ORDER BY 1`);
  expect(actors).toEqual([{ login_id: 'demo_author' }, { login_id: 'demo_reviewer' }]);
  // The sessions the demo used are gone: the demo people's first sign-in is still theirs.
  expect(await database.query('SELECT count(*)::int AS n FROM sessions')).toEqual([{ n: 0 }]);
  expect(await database.query("SELECT count(*)::int AS n FROM users WHERE login_id LIKE 'demo_%' AND mfa_enabled")).toEqual([{ n: 0 }]);
});

it('makes the demo applications through the API: real SBOMs processed, findings, analyses by demo_author', async () => {
  const demo = (sql: string) => database.query(sql.replace('$DEMO', "(SELECT id FROM processes WHERE code_name = 'DEMO')"));
  expect(await demo(`SELECT a.app_key, a.portfolio, a.enable_continuous_monitoring, b.status, b.component_count FROM applications a
                       JOIN application_builds b ON b.application_id = a.id WHERE a.process_id = $DEMO ORDER BY a.app_key`)).toEqual([
    { app_key: 'dropwizard', portfolio: 'Platform', enable_continuous_monitoring: false, status: 'DONE', component_count: 168 },
    { app_key: 'juice-shop', portfolio: 'Web shop', enable_continuous_monitoring: true, status: 'DONE', component_count: 841 },
    { app_key: 'laravel', portfolio: 'Web shop', enable_continuous_monitoring: false, status: 'DONE', component_count: 63 },
  ]);
  // Each app has findings: the advisories were chosen for these SBOMs.
  const findings = await demo(`SELECT a.app_key, count(*)::int AS n FROM build_findings f JOIN application_builds b ON b.id = f.build_id
                                JOIN applications a ON a.id = b.application_id WHERE a.process_id = $DEMO GROUP BY 1 ORDER BY 1`);
  expect(findings).toEqual([
    { app_key: 'dropwizard', n: expect.any(Number) },
    { app_key: 'juice-shop', n: expect.any(Number) },
    { app_key: 'laravel', n: expect.any(Number) },
  ]);
  expect((findings as Array<{ n: number }>).every((row) => row.n > 0)).toBe(true);
  // Active exploits: the KEV subset lists HTTP/2 Rapid Reset, which affects Dropwizard's Jetty HTTP/2.
  expect(
    await demo(`SELECT a.app_key, c.name, f.vulnerability_id, f.aliases FROM build_findings f JOIN application_builds b ON b.id = f.build_id
                  JOIN applications a ON a.id = b.application_id JOIN sbom_components c ON c.build_id = f.build_id AND c.position = f.position
                 WHERE a.process_id = $DEMO AND f.active_exploit ORDER BY 1, 2`),
  ).toEqual([
    { app_key: 'dropwizard', name: 'http2-common', vulnerability_id: 'GHSA-qppj-fm5r-hxr3', aliases: ['CVE-2023-44487'] },
    { app_key: 'dropwizard', name: 'http2-server', vulnerability_id: 'GHSA-qppj-fm5r-hxr3', aliases: ['CVE-2023-44487'] },
  ]);
  expect(await database.query(`SELECT cve_id, vendor_project, product FROM known_exploited_vulnerabilities`)).toEqual([{ cve_id: 'CVE-2023-44487', vendor_project: 'IETF', product: 'HTTP/2' }]);
  expect(
    await database.query(
      `SELECT a.state, c.name, u.login_id FROM vex_analyses a JOIN sbom_components c ON c.build_id = a.build_id AND c.position = a.position
         JOIN users u ON u.id = a.updated_by ORDER BY c.name`,
    ),
  ).toEqual([
    { state: 'exploitable', name: 'jackson-databind', login_id: 'demo_author' },
    { state: 'in_triage', name: 'lodash', login_id: 'demo_author' },
    { state: 'not_affected', name: 'ws', login_id: 'demo_author' },
  ]);
});

it('makes the collaboration demo through the API: general tasks for the demo people, shared files as evidence and attachments, the org chart', async () => {
  const nist = (sql: string) => database.query(sql.replaceAll('$NIST', "(SELECT id FROM processes WHERE code_name = 'NIST')"));
  expect(
    await nist(`SELECT t.title, u.login_id AS assignee, t.recurrence, r.code AS link, c.login_id AS created_by, t.due_date < CURRENT_DATE AS overdue
                  FROM tasks t JOIN users u ON u.id = t.assigned_to_user JOIN users c ON c.id = t.created_by LEFT JOIN requirements r ON r.id = t.link_id
                 WHERE t.process_id = $NIST AND t.type = 'GENERAL' ORDER BY t.title`),
  ).toEqual([
    { title: 'Chase the missing training certificates', assignee: 'demo_author', recurrence: null, link: 'AT-1', created_by: 'demo_admin', overdue: true },
    { title: 'Check the audit log retention', assignee: 'demo_reviewer', recurrence: null, link: 'AU-2', created_by: 'demo_admin', overdue: false },
    { title: 'Quarterly access review', assignee: 'demo_author', recurrence: 'FREQ=MONTHLY;INTERVAL=3', link: 'AC-2', created_by: 'demo_admin', overdue: false },
    { title: 'Review the sign-in banner text', assignee: 'demo_reviewer', recurrence: null, link: 'AC-8', created_by: 'demo_admin', overdue: false },
    { title: 'Update the access control policy', assignee: 'demo_author', recurrence: null, link: 'AC-1', created_by: 'demo_admin', overdue: false },
  ]);
  expect(
    await nist(`SELECT d.folder || '/' || d.name AS document, v.content_type, string_agg(r.code, ',' ORDER BY r.code) AS evidence_for
                  FROM documents d JOIN document_versions v ON v.document_id = d.id
                  LEFT JOIN document_requirements dr ON dr.document_id = d.id LEFT JOIN requirements r ON r.id = dr.requirement_id
                 WHERE d.process_id = $NIST GROUP BY 1, 2 ORDER BY 1`),
  ).toEqual([
    { document: 'evidence/access-review-2026-Q3.csv', content_type: 'text/csv; charset=utf-8', evidence_for: 'AC-2' },
    { document: 'evidence/security-awareness-training.csv', content_type: 'text/csv; charset=utf-8', evidence_for: 'AT-1' },
    { document: 'evidence/system-use-notification.txt', content_type: 'text/plain; charset=utf-8', evidence_for: 'AC-8' },
    { document: 'policies/access-control-policy.md', content_type: 'text/markdown; charset=utf-8', evidence_for: 'AC-1,AC-3' },
    { document: 'policies/audit-logging-standard.md', content_type: 'text/markdown; charset=utf-8', evidence_for: 'AU-2' },
  ]);
  expect(
    await nist(`SELECT t.title, d.name, u.login_id AS linked_by FROM document_tasks dt JOIN tasks t ON t.id = dt.task_id JOIN documents d ON d.id = dt.document_id
                  JOIN users u ON u.id = dt.linked_by WHERE t.process_id = $NIST ORDER BY t.title`),
  ).toEqual([
    { title: 'Chase the missing training certificates', name: 'security-awareness-training.csv', linked_by: 'demo_author' },
    { title: 'Quarterly access review', name: 'access-review-2026-Q3.csv', linked_by: 'demo_author' },
  ]);
  // The chart is the organization's; the demo people are in it by their emails.
  const [{ people }] = await database.query<{ people: number }>(
    `SELECT count(*)::int AS people FROM org_chart_people p JOIN organizations o ON o.id = p.organization_id WHERE o.name = $1`,
    [DEMO_ORGANIZATION],
  );
  expect(people).toBe(15);
  const linked = await database.query(
    `SELECT p.name, u.login_id FROM org_chart_people p JOIN users u ON lower(u.email) = lower(p.email) AND u.organization_id = p.organization_id ORDER BY u.login_id`,
  );
  expect(linked).toEqual([
    { name: 'Ada Admin', login_id: 'demo_admin' },
    { name: 'Dana Author', login_id: 'demo_author' },
    { name: 'Rory Reviewer', login_id: 'demo_reviewer' },
  ]);
});

it('runs the seeders later issues register, in order, inside one transaction', async () => {
  const seen: string[] = [];
  const first: DemoSeeder = {
    name: 'first',
    async seed({ db, organization }) {
      await db.query("INSERT INTO processes (organization_id, code_name, name, type, dashboard_type) VALUES ($1, 'HALF', 'Half done', 'REQUIREMENTS', 'LIVE')", [organization.id]);
      seen.push(`first saw ${organization.name}`);
      return ['wrote HALF'];
    },
  };
  const failing: DemoSeeder = {
    name: 'failing',
    async seed() {
      seen.push('failing ran');
      throw new Error('demo data broke');
    },
  };
  await expect(seedDemo(database, [first, failing])).rejects.toThrow('demo data broke');
  expect(seen).toEqual([`first saw ${DEMO_ORGANIZATION}`, 'failing ran']);
  expect(await database.query("SELECT 1 FROM processes WHERE code_name = 'HALF'")).toEqual([]);
});
