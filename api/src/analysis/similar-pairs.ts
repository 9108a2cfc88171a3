// The pairs of near-duplicates in a similarity index (similarity.ts): every pair at or above a
// threshold, and the documents similar to one.
//
// The scan is exact: prefix filtering (Bayardo, Ma and Srikant, "Scaling up all pairs similarity
// search", WWW 2007) with the L2 bound. Terms are ordered most frequent first and each document
// indexes only its terms after its longest prefix of norm < θ. If cos(x, y) ≥ θ for an earlier
// document y, x shares a term of y's indexed part, because y's prefix alone contributes less than
// θ (Cauchy–Schwarz); so probing the index with x's terms finds y, and the prefix's share is then
// added exactly. Frequent terms, whose postings would be long, mostly stay in the prefixes.
import { NEAR_VERBATIM, type SimilarityIndex, type SimilarPair } from './similarity';

/** Keeps the best score of each pair, best first. */
function merged(lists: SimilarPair[][]): SimilarPair[] {
  const best = new Map<string, SimilarPair>();
  for (const list of lists) {
    for (const pair of list) {
      const key = `${pair.a}|${pair.b}`;
      const known = best.get(key);
      if (!known || known.score < pair.score) best.set(key, pair);
    }
  }
  return [...best.values()].sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
}

/**
 * Every pair of documents whose similarity is at least `threshold` (0 < threshold ≤ 1), best
 * first: the cosine of their own wording, or of their whole texts for near-verbatim copies.
 */
export function similarPairs(index: SimilarityIndex, threshold: number): SimilarPair[] {
  const own = scanPairs(index, threshold);
  return index.whole ? merged([own, scanPairs(index.whole, Math.max(threshold, NEAR_VERBATIM))]) : own;
}

/** Every pair whose vectors' dot product is at least `threshold`, best first (the exact scan). */
function scanPairs(index: SimilarityIndex, threshold: number): SimilarPair[] {
  const n = index.size;
  const epsilon = 1e-12;
  const termCount = index.postingDocs.length;
  // Global term order: most frequent first. Each document's terms in that order.
  const order = Array.from({ length: termCount }, (_, term) => term).sort(
    (x, y) => index.postingDocs[y].length - index.postingDocs[x].length || x - y,
  );
  const rank = new Int32Array(termCount);
  order.forEach((term, position) => {
    rank[term] = position;
  });
  const ranks: Int32Array[] = [];
  const weights: Float64Array[] = [];
  const prefixLength = new Int32Array(n);
  const prefixNorm = new Float64Array(n);
  const prefixLast = new Int32Array(n);
  const norm = new Float64Array(n);
  const reach = new Float64Array(n);
  for (let doc = 0; doc < n; doc += 1) {
    const ids = index.terms[doc];
    const positions = Array.from(ids.keys()).sort((x, y) => rank[ids[x]] - rank[ids[y]]);
    const r = new Int32Array(positions.length);
    const w = new Float64Array(positions.length);
    let total = 0;
    positions.forEach((position, k) => {
      r[k] = rank[ids[position]];
      w[k] = index.weights[doc][position];
      total += w[k] * w[k];
    });
    // The unindexed prefix: the longest run of frequent terms whose norm stays below θ.
    let square = 0;
    let k = 0;
    while (k < w.length && square + w[k] * w[k] < threshold * threshold - epsilon) {
      square += w[k] * w[k];
      k += 1;
    }
    ranks.push(r);
    weights.push(w);
    prefixLength[doc] = k;
    prefixNorm[doc] = Math.sqrt(square);
    prefixLast[doc] = k > 0 ? r[k - 1] : -1;
    norm[doc] = Math.sqrt(total);
    reach[doc] = Math.sqrt(Math.max(0, total - square)) + prefixNorm[doc];
  }
  const postingDocs: number[][] = Array.from({ length: termCount }, () => []);
  const postingWeights: number[][] = Array.from({ length: termCount }, () => []);
  const accumulator = new Float64Array(n);
  // x's weights by term rank (zero elsewhere), while x is probed.
  const dense = new Float64Array(termCount);
  const seen = new Uint8Array(n);
  const touched: number[] = [];
  const pairs: SimilarPair[] = [];
  for (let x = 0; x < n; x += 1) {
    const r = ranks[x];
    const w = weights[x];
    // Probe the index with x's terms, rarest first; `remaining` is the norm of x's terms not yet probed.
    let remainingSquare = norm[x] * norm[x];
    for (let k = r.length - 1; k >= 0; k -= 1) {
      const remaining = Math.sqrt(Math.max(0, remainingSquare));
      remainingSquare -= w[k] * w[k];
      const docs = postingDocs[r[k]];
      const values = postingWeights[r[k]];
      for (let p = 0; p < docs.length; p += 1) {
        const y = docs[p];
        if (!seen[y]) {
          // First met here: the terms x shares with y are among x's remaining ones (those of y's
          // indexed part, else y would have been met before; those of y's prefix, being more
          // frequent than this one), so cos(x, y) ≤ remaining · (‖y's indexed part‖ + ‖y's prefix‖).
          if (remaining * reach[y] < threshold - epsilon) continue;
          seen[y] = 1;
          touched.push(y);
        }
        accumulator[y] += w[k] * values[p];
      }
    }
    for (let k = 0; k < r.length; k += 1) dense[r[k]] = w[k];
    // cumulative[k]: the squared norm of x's k + 1 most frequent terms.
    const cumulative = new Float64Array(r.length);
    for (let k = 0, sum = 0; k < r.length; k += 1) cumulative[k] = sum += w[k] * w[k];
    for (const y of touched) {
      let score = accumulator[y];
      // y's prefix meets only x's terms up to the prefix's last rank: bound that share first.
      let bound = 0;
      if (prefixLength[y] > 0) {
        const last = prefixLast[y];
        let low = 0;
        let high = r.length;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (r[middle] <= last) low = middle + 1;
          else high = middle;
        }
        bound = low === 0 ? 0 : prefixNorm[y] * Math.sqrt(cumulative[low - 1]);
      }
      if (score + bound >= threshold - epsilon) {
        // Add the terms of y's unindexed prefix that x has.
        const ry = ranks[y];
        const wy = weights[y];
        for (let j = 0; j < prefixLength[y]; j += 1) score += wy[j] * dense[ry[j]];
        if (score >= threshold - epsilon) pairs.push({ a: y, b: x, score: Math.min(1, score) });
      }
      accumulator[y] = 0;
      seen[y] = 0;
    }
    touched.length = 0;
    for (let k = 0; k < r.length; k += 1) dense[r[k]] = 0;
    // Index x's terms after its prefix.
    for (let k = prefixLength[x]; k < r.length; k += 1) {
      postingDocs[r[k]].push(x);
      postingWeights[r[k]].push(w[k]);
    }
  }
  return pairs.sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
}

/** The documents similar to document `doc` (at least `threshold`, as similarPairs scores), best first. */
export function similarTo(index: SimilarityIndex, doc: number, threshold: number): SimilarPair[] {
  const own = scoresTo(index, doc, threshold);
  if (!index.whole) return own;
  return merged([own, scoresTo(index.whole, doc, Math.max(threshold, NEAR_VERBATIM))]).sort((x, y) => y.score - x.score || x.b - y.b);
}

function scoresTo(index: SimilarityIndex, doc: number, threshold: number): SimilarPair[] {
  const scores = new Map<number, number>();
  const ids = index.terms[doc];
  for (let k = 0; k < ids.length; k += 1) {
    const docs = index.postingDocs[ids[k]];
    const weights = index.postingWeights[ids[k]];
    for (let p = 0; p < docs.length; p += 1) {
      if (docs[p] !== doc) scores.set(docs[p], (scores.get(docs[p]) ?? 0) + index.weights[doc][k] * weights[p]);
    }
  }
  const result: SimilarPair[] = [];
  for (const [other, score] of scores) if (score >= threshold - 1e-12) result.push({ a: doc, b: other, score: Math.min(1, score) });
  return result.sort((x, y) => y.score - x.score || x.b - y.b);
}
