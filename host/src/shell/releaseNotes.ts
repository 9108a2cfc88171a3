// The project's own release notes (docs/release-notes.json), newest first. Loaded on demand in
// a chunk of their own: only demo-permission users open them (version label, Release Notes).
export interface Release {
  version: string;
  date: string;
  title: string;
  updates: string[];
}

/** How many releases the version label's tooltip lists (spec 9). */
export const RELEASES_IN_TOOLTIP = 5;

export async function loadReleaseNotes(): Promise<Release[]> {
  const loaded = (await import(/* webpackChunkName: "release-notes" */ '../../../docs/release-notes.json')) as {
    default?: { releases: Release[] };
    releases?: Release[];
  };
  return loaded.default?.releases ?? loaded.releases ?? [];
}

/** The newest releases, at most `count`. */
export function newestReleases(releases: readonly Release[], count = RELEASES_IN_TOOLTIP): Release[] {
  return releases.slice(0, count);
}
