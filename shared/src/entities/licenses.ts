// The licenses and source repositories of an application's builds (issue 7 item 9), as the
// applications API answers them.

export const LICENSE_CATEGORIES = ['permissive', 'weak-copyleft', 'strong-copyleft', 'unknown'] as const;
export type LicenseCategory = (typeof LICENSE_CATEGORIES)[number];
export type LicenseCategoryCounts = Record<LicenseCategory, number>;

export interface ComponentLicense {
  bom_ref: string;
  group: string | null;
  name: string;
  version: string | null;
  purl: string | null;
  /** As the SBOM declares them (ids, names or expressions). */
  declared: string[];
  /** The SPDX expression read from them (names corrected to SPDX ids where possible); null when none could be read. */
  expression: string | null;
  /** The SPDX license ids in it. */
  ids: string[];
  category: LicenseCategory;
}

/** GET /apps/{appKey}/builds/{buildId}/licenses. */
export interface LicenseAnalysis {
  app_key: string;
  build: { id: string; number: number };
  summary: LicenseCategoryCounts;
  /** One row per license id (or 'unknown' name), most used first. */
  licenses: { license: string; category: LicenseCategory; components: number }[];
  components: ComponentLicense[];
}

/** GET /apps/licenses: per app, of its latest DONE build. */
export interface ApplicationLicenseSummary {
  app_key: string;
  name: string;
  build: { id: string; number: number } | null;
  summary: LicenseCategoryCounts;
  /** Components of the build that raise a license-risk alert (strong copyleft or unknown). */
  risks: number;
}

/** GET /apps/licenses/alerts: raised when a processed build brings a risky license the app's previous build did not have. */
export interface LicenseRiskAlert {
  id: string;
  app_key: string;
  build: { id: string; number: number };
  component: { bom_ref: string; name: string; version: string | null; purl: string | null };
  license: string;
  category: Extract<LicenseCategory, 'strong-copyleft' | 'unknown'>;
  severity: 'HIGH' | 'MEDIUM';
  created_at: string;
}

// ---- Repository analysis (issue 7 item 9)

export const REPOSITORY_REFERENCE_TYPES = ['vcs', 'website', 'distribution'] as const;
export type RepositoryReferenceType = (typeof REPOSITORY_REFERENCE_TYPES)[number];

export interface SourceRepository {
  /** Normalized: https://host/owner/repo for known forges, else the URL without scheme decorations. */
  url: string;
  host: string;
  types: RepositoryReferenceType[];
  components: number;
  /** bom_refs of its components (the first 100). */
  component_refs: string[];
}

/** GET /apps/{appKey}/builds/{buildId}/repositoryAnalysis. */
export interface RepositoryAnalysis {
  app_key: string;
  build: { id: string; number: number };
  components: number;
  /** Components with at least one vcs reference. */
  with_vcs: number;
  /** Components with none of vcs, website, distribution. */
  without_reference: number;
  by_type: Record<RepositoryReferenceType, number>;
  hosts: { host: string; repositories: number; components: number }[];
  /** Most components first. */
  repositories: SourceRepository[];
}
