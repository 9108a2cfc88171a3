import { resolveRoute } from '@portal/shared';
import { activeEntryPath, LEGACY_CLOUD_ENTRIES, operationsSection, POC_SECTION, SIDE_NAVIGATION, sideNavigation, visibleNavigation, type NavSection } from './navigation';

describe('side navigation', () => {
  it('highlights the entry of the current screen or of its nearest ancestor', () => {
    expect(activeEntryPath('/requirements')).toBe('/requirements');
    expect(activeEntryPath('/requirements/add-requirement')).toBe('/requirements');
    expect(activeEntryPath('/requirements/priorityPlanes')).toBe('/requirements/priorityPlanes');
    expect(activeEntryPath('/applications/juice-shop')).toBe('/applications');
    expect(activeEntryPath('/applications/GraphView')).toBe('/applications/GraphView');
    expect(activeEntryPath('/about')).toBeUndefined();
  });

  it('only links to routes of the route table', () => {
    const paths = SIDE_NAVIGATION.flatMap((s) => [s.path, ...(s.entries ?? []).map((e) => e.path)]).filter(
      (p): p is string => Boolean(p),
    );
    expect(paths.filter((path) => resolveRoute(path)?.route.path !== path)).toEqual([]);
  });
});

describe('side navigation filtered by permission (spec 2.3)', () => {
  const labels = (sections: ReturnType<typeof visibleNavigation>) =>
    sections.map((s) => (s.entries ? `${s.label}: ${s.entries.map((e) => e.label).join(', ')}` : s.label));

  it('hides entries the user may not open and section headers whose entries are all hidden', () => {
    const allowed = new Set(['/dashboard', '/requirements', '/requirements/comments', '/reports']);
    expect(labels(visibleNavigation(SIDE_NAVIGATION, (entry) => allowed.has(entry.path)))).toEqual([
      'Dashboard',
      'Requirements: Depository, Comments',
      'Reports',
    ]);
  });

  it('passes every entry, with its own permission, to the decision', () => {
    const asked: Array<{ path: string; permission?: unknown }> = [];
    visibleNavigation(SIDE_NAVIGATION, (entry) => {
      asked.push({ path: entry.path, permission: entry.permission });
      return true;
    });
    expect(asked).toContainEqual({ path: '/projects/settings', permission: 'view=>Process' });
    expect(asked).toContainEqual({ path: '/administration/iam', permission: undefined });
    expect(labels(visibleNavigation(SIDE_NAVIGATION, () => true))).toHaveLength(SIDE_NAVIGATION.length);
  });
});

describe('side navigation built from the service modules and the poc flag (spec 2.3)', () => {
  const labels = (sections: readonly NavSection[]) =>
    sections.map((s) => (s.entries ? `${s.label}: ${s.entries.map((e) => e.label).join(', ')}` : s.label));
  const aws = (id: string, category: string | null) => ({ id, type: 'aws', name: `AWS ${id}`, category });

  it('adds one Operations entry per categorized AWS module and Azure Defender for a categorized Azure module', () => {
    const modules = [aws('a1', 'Security Hub'), { id: 'c', type: 'code-quality', name: 'Sonar', category: 'Code' }, aws('a3', 'GuardDuty'), { id: 'z', type: 'azure', name: 'Azure', category: 'Defender' }];
    const operations = operationsSection(modules);
    expect(operations?.entries).toEqual([
      { label: 'Security Hub', path: '/security/aws', search: '?module=a1' },
      { label: 'GuardDuty', path: '/security/aws', search: '?module=a3' },
      { label: 'Azure Defender', path: '/security/azure' },
    ]);
    const sections = labels(sideNavigation({ modules }));
    expect(sections.indexOf('Operations: Security Hub, GuardDuty, Azure Defender')).toBe(sections.indexOf('Reports') - 1);
  });

  it('has no Operations section without cloud modules or categorized ones', () => {
    expect(operationsSection([{ id: 'c', type: 'code-quality', name: 'Sonar', category: 'x' }, { id: 'p', type: 'pipeline-management', name: 'CI', category: null }])).toBeNull();
    expect(labels(sideNavigation({}))).toEqual(labels(SIDE_NAVIGATION));
  });

  it('gives a legacy cloud process (a cloud module without a category) SBOM, SAST, IaC Controls, Defender and Clouds, after the categorized entries', () => {
    const legacy = labels([operationsSection([aws('a', null), { id: 'z', type: 'azure', name: 'Azure', category: '' }])!]);
    expect(legacy).toEqual(['Operations: SBOM, SAST, IaC Controls, Defender, Clouds']);
    const mixed = operationsSection([aws('a1', 'Security Hub'), aws('a2', ' ')]);
    expect(mixed?.entries?.map((entry) => entry.label)).toEqual(['Security Hub', 'SBOM', 'SAST', 'IaC Controls', 'Defender', 'Clouds']);
    // Each is a route of the route table, highlighted when open.
    expect(LEGACY_CLOUD_ENTRIES.filter((entry) => resolveRoute(entry.path)?.route.path !== entry.path)).toEqual([]);
    expect(activeEntryPath('/security/defender')).toBe('/security/defender');
    expect(activeEntryPath('/security/sbom')).toBe('/security/sbom');
  });

  it('shows the POC group before Settings only when the poc flag is on', () => {
    expect(labels(sideNavigation({ poc: false }))).not.toContain(labels([POC_SECTION])[0]);
    const withPoc = labels(sideNavigation({ poc: true }));
    expect(withPoc.slice(-2)).toEqual(['POC: State Machine, Centrifugo, Grafana, CVEs, Rabbitmq', 'Settings']);
    expect(POC_SECTION.entries!.filter((entry) => resolveRoute(entry.path)?.route.path !== entry.path)).toEqual([]);
    expect(activeEntryPath('/poc/grafana')).toBe('/poc/grafana');
    expect(activeEntryPath('/security/aws')).toBe('/security/aws');
  });
});
