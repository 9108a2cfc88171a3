// What the vulnerabilities family offers the others, beside its service.ts where it has one: other families import from these faces only (lint: api/layers).

export { matchComponents, type ComponentRef, type Finding } from './matching';
export { componentPackageKey, osvPackageOf, packageKey } from './purl';
export { findVulnerability, onAdvisoriesImported } from './repository';
