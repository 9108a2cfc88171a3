// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// Related findings (issue 24 item 3): findings of two tools on the same CWE and location are shown
// as related on a finding's detail — the same file and start line in the same scope (or the same
// cloud resource) and a CWE in common; not the same tool, not another line, not another CWE, not
// another scope, not a category the caller may not see.
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;

beforeAll(async () => {
  world = await taskWorld();
}, 120_000);
afterAll(async () => world?.close());

interface Result {
  rule: string;
  cwe: string;
  file: string;
  line: number;
}

/** A SARIF log of `tool` whose rules carry their CWE as a tag, in the form each tool writes it. */
function sarif(tool: string, results: Result[]): Buffer {
  const rules = new Map(results.map((result) => [result.rule, result.cwe]));
  return Buffer.from(
    JSON.stringify({
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: tool, rules: [...rules].map(([id, cwe]) => ({ id, name: id, properties: { tags: ['security', cwe] } })) } },
          results: results.map((result) => ({
            ruleId: result.rule,
            level: 'error',
            message: { text: `${result.rule} at ${result.file}:${result.line}` },
            locations: [{ physicalLocation: { artifactLocation: { uri: result.file }, region: { startLine: result.line } } }],
          })),
        },
      ],
    }),
  );
}

interface Listed {
  id: string;
  tool: { name: string };
  rule: { id: string };
}
interface Detail {
  related: Array<{ id: string; tool: string; ruleId: string; severity: string; state: string; title: string; cwe: string[] }>;
}

async function findingOf(tool: string, rule: string, scope = 'repo:web'): Promise<string> {
  const { items } = await world.ok<{ items: Listed[] }>('andy', 'GET', `/api/security/findings?${G}&scope=${scope}&tool=${encodeURIComponent(tool)}&limit=500`);
  return items.find((item) => item.rule.id === rule)!.id;
}

it("shows another tool's finding on the same file line and CWE as related, and nothing else", async () => {
  await world.ok('andy', 'POST', `/api/security/findings?${G}&repository=web`, sarif('CodeQL', [
    { rule: 'js/xss', cwe: 'external/cwe/cwe-079', file: 'src/render.js', line: 10 },
    { rule: 'js/sql-injection', cwe: 'external/cwe/cwe-089', file: 'src/db.js', line: 4 },
  ]));
  await world.ok('andy', 'POST', `/api/security/findings?${G}&repository=web`, sarif('Semgrep', [
    // Same file, line and CWE: related.
    { rule: 'javascript.express.xss', cwe: 'CWE-79: Improper Neutralization of Input During Web Page Generation', file: 'src/render.js', line: 10 },
    // Same file and CWE, another line; same line, another CWE; same CWE elsewhere: none related.
    { rule: 'javascript.express.xss-2', cwe: 'CWE-79', file: 'src/render.js', line: 11 },
    { rule: 'javascript.path-traversal', cwe: 'CWE-22', file: 'src/render.js', line: 10 },
    { rule: 'javascript.sqli', cwe: 'CWE-89', file: 'src/other.js', line: 4 },
  ]));
  // The same tool and line in another scope (another repository) is not related either.
  await world.ok('andy', 'POST', `/api/security/findings?${G}&repository=api`, sarif('Semgrep', [{ rule: 'javascript.express.xss', cwe: 'CWE-79', file: 'src/render.js', line: 10 }]));

  const xss = await findingOf('CodeQL', 'js/xss');
  const semgrepXss = await findingOf('Semgrep', 'javascript.express.xss');
  const detail = await world.ok<Detail>('andy', 'GET', `/api/security/findings/${xss}?${G}`);
  expect(detail.related).toEqual([
    { id: semgrepXss, tool: 'Semgrep', ruleId: 'javascript.express.xss', severity: 'high', state: 'open', title: expect.any(String), cwe: ['CWE-79'] },
  ]);
  // Both ways.
  expect((await world.ok<Detail>('andy', 'GET', `/api/security/findings/${semgrepXss}?${G}`)).related.map((related) => related.id)).toEqual([xss]);
  // Another file, and another line of the same file: no relation.
  expect((await world.ok<Detail>('andy', 'GET', `/api/security/findings/${await findingOf('CodeQL', 'js/sql-injection')}?${G}`)).related).toEqual([]);
  expect((await world.ok<Detail>('andy', 'GET', `/api/security/findings/${await findingOf('Semgrep', 'javascript.express.xss-2')}?${G}`)).related).toEqual([]);
});
