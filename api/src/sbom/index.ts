// What the sbom family offers the others, beside its service.ts where it has one: other families import from these faces only (lint: api/layers).

export { CYCLONEDX_VERSIONS, type ReferenceType } from './parse';
export { validateCycloneDxJson } from './schema';
export type { SbomProvenance } from './provenance';
