// How the API process keeps its memory down while it works through a large SBOM (issue 7: a
// 50,000-component SBOM against 200,000 advisories in ≤ 512 MB RSS, the embedded database
// included). V8 lets the JavaScript heap grow up to ~4× what was live after its last full
// collection before it collects again: an upload's garbage (the parsed document, query texts)
// then stands at ~250 MB beside ~35 MB of live data. A fixed factor of 1.5 collects sooner.
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

/** For the whole process (the server's entry point and the benchmarks that stand for it). */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
