// What the vex family offers the others, beside its service.ts where it has one: other families import from these faces only (lint: api/layers).

export { COMPONENT_KEY } from './repository';
