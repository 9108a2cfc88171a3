// Applications, builds, vulnerabilities, SBOM components and deployment profiles (spec 3, 4.5).

export interface Vulnerability {
  id: string;
  identified_build_id: string;
  vulnerability_id: string;
}

export interface Sbom {
  vulnerabilities: Vulnerability[];
}

export interface Build {
  id: string;
  sbom?: Sbom | null;
}

export interface Application {
  id: string;
  app_key: string;
  portfolio: string;
  builds?: Build[];
}

export interface AppSettings {
  id?: string;
  enable_continuous_monitoring: boolean;
}

export interface DeploymentProfile {
  id: string;
  name?: string;
}

/** A component of an SBOM as the API lists it; the client builds the tree from bom_ref/parent. */
export interface SbomComponent {
  bom_ref: string;
  project: string;
  parent: string | null;
  sub_components: string[];
  vulnerabilities: Vulnerability[];
}

/** A component placed in the tree, with the figures the client derives. */
export interface SbomTreeNode extends SbomComponent {
  level: number;
  total: number;
  vulnerabilityCount: number;
  children: SbomTreeNode[];
}

/** VEX resolution statuses: a closed set (spec 4.5). */
export const VEX_RESOLUTIONS = ['resolved', 'resolved_with_pedigree', 'false_positive', 'not_affected'] as const;
export type VexResolution = (typeof VEX_RESOLUTIONS)[number];
