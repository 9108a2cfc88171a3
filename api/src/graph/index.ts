// What the graph family offers the others, beside its service.ts where it has one: other families import from these faces only (lint: api/layers).

export { loadGraph } from './repository';
