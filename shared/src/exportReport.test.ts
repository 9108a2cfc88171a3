/**
 * @jest-environment node
 */
// The public surface of @portal/shared is checked in (shared/exports.md) and compared here, as the
// API's route table is: a change to the contract — a name added, removed or retyped, a permission
// or message changed — fails this test until the report is regenerated, so it shows in review.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { entryPoints, exportsOf, REGENERATE, renderExportReport, REPORT_FILE, SHARED_DIR } from './exportReport';

/** The first line where two texts differ, for a message that says what changed. */
function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}:\n  checked in: ${a[at] ?? '(end of file)'}\n  generated:  ${b[at] ?? '(end of file)'}`;
}

it('is the checked-in export report (shared/exports.md)', () => {
  const generated = renderExportReport();
  if (process.env.UPDATE_EXPORT_REPORT) writeFileSync(REPORT_FILE, generated);
  const checkedIn = existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : '';
  const difference =
    generated === checkedIn
      ? null
      : `The public surface of @portal/shared is not the checked-in shared/exports.md (first difference at ${firstDifference(checkedIn, generated)}\n` +
        `If the change is meant, regenerate the report with\n  ${REGENERATE}\n` +
        'then review its difference and record it in shared/CHANGELOG.md (a removed or changed name is a major version).';
  expect(difference).toBeNull();
});

describe('the report', () => {
  const entry = (specifier: string) => {
    const found = entryPoints().find((candidate) => candidate.specifier === specifier);
    if (!found) throw new Error(`no entry ${specifier}`);
    return exportsOf(found.file);
  };

  it('covers every module entry point of package.json, and no federation file', () => {
    expect(entryPoints().map((e) => [e.specifier, path.relative(SHARED_DIR, e.file)])).toEqual([
      ['@portal/shared', 'src/index.ts'],
      ['@portal/shared/server', 'src/server.ts'],
      ['@portal/shared/screens', 'src/screens.ts'],
      ['@portal/shared/collaboration', 'src/collaboration.ts'],
      ['@portal/shared/operations', 'src/operations.ts'],
      ['@portal/shared/recovery', 'src/recovery.ts'],
      ['@portal/shared/compliance', 'src/compliance.ts'],
      ['@portal/shared/permissions', 'src/permissionCatalogue.ts'],
      ['@portal/shared/testing', 'src/testing/index.ts'],
    ]);
  });

  it('follows export * and named re-exports to the declaring module, with their kind', () => {
    const index = entry('@portal/shared');
    expect(index.find((e) => e.name === 'apiClient')).toMatchObject({ kind: 'const', module: 'src/api/client.ts' });
    expect(index.find((e) => e.name === 'Gap')).toMatchObject({ kind: 'interface', module: 'src/entities/analysis.ts', typeOnly: true });
    expect(index.find((e) => e.name === 'KnownPermission')).toMatchObject({ kind: 'type', module: 'src/permissions/catalogue.ts' });
    // The catalogue's values are not in the browser's singleton entry, only in its own.
    expect(index.find((e) => e.name === 'PERMISSIONS')).toBeUndefined();
    expect(entry('@portal/shared/permissions').find((e) => e.name === 'PERMISSIONS')).toMatchObject({ kind: 'const', typeOnly: false });
  });

  it('prints declarations without bodies, so a signature change shows and an implementation change does not', () => {
    const report = renderExportReport();
    expect(report).toContain('export function isPermitted(check: KnownPermissionCheck): boolean {}');
    expect(report).toContain("    LIST_REQUIREMENT: 'list=>Requirement',");
    expect(report).not.toMatch(/checker\(check\)/);
  });
});
