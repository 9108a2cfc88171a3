// The project's release notes (docs/release-notes.json): well formed, newest first, and the
// tooltip's 5 newest (spec 9).
import { loadReleaseNotes, newestReleases, RELEASES_IN_TOOLTIP, type Release } from './releaseNotes';

const release = (version: string): Release => ({ version, date: '2026-11-22', title: version, updates: [`update of ${version}`] });

it('loads every release with a version, a date, a title and its updates, newest first', async () => {
  const releases = await loadReleaseNotes();
  expect(releases.length).toBeGreaterThan(0);
  for (const { version, date, title, updates } of releases) {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(title).not.toBe('');
    expect(updates.length).toBeGreaterThan(0);
  }
  const numbers = releases.map(({ version }) => version.split('.').map(Number));
  const sorted = [...numbers].sort((a, b) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2]);
  expect(numbers).toEqual(sorted);
});

it('keeps the 5 newest for the tooltip', () => {
  const releases = ['7.0.0', '6.0.0', '5.0.0', '4.0.0', '3.0.0', '2.0.0', '1.0.0'].map(release);
  expect(RELEASES_IN_TOOLTIP).toBe(5);
  expect(newestReleases(releases).map(({ version }) => version)).toEqual(['7.0.0', '6.0.0', '5.0.0', '4.0.0', '3.0.0']);
});
