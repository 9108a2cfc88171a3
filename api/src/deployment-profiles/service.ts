// What the deployment-profile routes ask of the family: an app's profiles (listed, found, added,
// changed, deleted), the build an RBOM document names, and the RBOM's share links.
import type { DeploymentProfileView, RbomShare } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import {
  deleteProfile,
  findProfile,
  insertProfile,
  listProfiles,
  profileNamed,
  profileView,
  rbomBuildOf,
  updateProfile,
  type ProfileRow,
  type ProfileValues,
} from './repository';
import { createShare, DEFAULT_SHARE_DAYS, findShared, listShares, revokeShare, shareView, type ShareRow, type SharedRbom } from './shares.repository';

export { DEFAULT_SHARE_DAYS, profileView, shareView };
export { rbomPositions } from './configuration';
export type { ProfileRow, ProfileValues };

/** The app's profiles, as views. */
export async function profilesOf(db: Queryable, applicationId: string): Promise<DeploymentProfileView[]> {
  return (await listProfiles(db, applicationId)).map(profileView);
}

/** The app's profile `id` (undefined when it has none). */
export function findAppProfile(db: Queryable, applicationId: string, id: string): Promise<ProfileRow | undefined> {
  return findProfile(db, applicationId, id);
}

/** The app's profile of that name, if one has it. */
export function profileWithName(db: Queryable, applicationId: string, name: string): Promise<{ id: string } | undefined> {
  return profileNamed(db, applicationId, name);
}

/** Adds a profile to the app; resolves to its id. */
export function addProfile(
  db: Queryable,
  owner: { organization_id: string; process_id: string; application_id: string },
  values: ProfileValues,
  userId: string,
): Promise<string> {
  return insertProfile(db, owner, values, userId);
}

/** Changes the profile's values. */
export function changeProfile(db: Queryable, id: string, values: ProfileValues, userId: string): Promise<void> {
  return updateProfile(db, id, values, userId);
}

/** Deletes the profile. */
export function removeProfile(db: Queryable, id: string): Promise<void> {
  return deleteProfile(db, id);
}

/** What an RBOM document names of the build it was computed from. */
export function rbomBuild(db: Queryable, buildId: string): ReturnType<typeof rbomBuildOf> {
  return rbomBuildOf(db, buildId);
}

/** Creates a share link of the profile's RBOM; resolves to its row and its token (shown once). */
export function shareRbom(
  db: Queryable,
  share: { profileId: string; buildId: string; positions: readonly number[]; recipients: readonly string[]; days: number; userId: string; now: Date },
): Promise<{ row: ShareRow; token: string }> {
  return createShare(db, share);
}

/** The profile's share links, as views at `now`. */
export async function sharesOf(db: Queryable, profileId: string, now: Date): Promise<RbomShare[]> {
  return (await listShares(db, profileId)).map((row) => shareView(row, now));
}

/** Revokes the profile's share link; false when the profile has no such link. */
export function revokeRbomShare(db: Queryable, profileId: string, shareId: string, now: Date): Promise<boolean> {
  return revokeShare(db, profileId, shareId, now);
}

/** The share link of that token, with what it shares (undefined when no link has it). */
export function sharedRbom(db: Queryable, token: string): Promise<SharedRbom | undefined> {
  return findShared(db, token);
}
