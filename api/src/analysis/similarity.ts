// Near-duplicate detection (issue 6 item 12): TF-IDF vectors over a requirement's title and
// description (stop words removed, plurals folded), compared by cosine similarity. The wording a
// process's requirements share widely (a catalog's templates, issue 26 item 4) counts in a
// requirement's length but never as agreement: see buildIndex. The scan of a
// whole process never compares all pairs: an inverted index yields the pairs that share a term,
// and an exact bound skips the pairs that cannot reach the threshold (similar-pairs.ts).

export interface SimilarityDocument {
  id: string;
  title: string;
  description: string;
}

export interface SimilarPair {
  /** Indexes into the documents given to buildIndex (a < b). */
  a: number;
  b: number;
  score: number;
}

// English function words and the modal verbs of requirement statements.
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can
  cannot could did do does doing down during each either etc few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just may me might more most must my myself no nor not now of off on once only or
  other our ours ourselves out over own per same shall she should so some such than that the their theirs them themselves then there
  these they this those through to too under until up upon very via was we were what when where which while who whom why will with
  within without would you your yours yourself yourselves e.g i.e ie eg`.split(/\s+/),
);

/** Folds a plural (or third person) to its stem: policies → policy, processes → process, logs → log. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(x|ch|sh|ss|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is|ys)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The words of a text that carry meaning: lower-cased, without accents, stop words and numbers. */
export function words(text: string): string[] {
  const result: string[] = [];
  const normalized = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  for (const word of normalized.split(/[^a-z0-9]+/)) {
    if (word.length < 2 || STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
    result.push(word);
  }
  return result;
}

export interface SimilarityIndex {
  readonly size: number;
  /** Per document: its term ids ascending, and the matching weights (a TF-IDF vector normalized by the whole text, common wording left out: norm ≤ 1). */
  readonly terms: Int32Array[];
  readonly weights: Float64Array[];
  /** Per term: the documents holding it, ascending, and their weights for it. */
  readonly postingDocs: Int32Array[];
  readonly postingWeights: Float64Array[];
  /** Per term: how it is shown (its first spelling seen). */
  readonly surface: string[];
  /** The same documents as plain TF-IDF unit vectors of their whole text (common wording kept). */
  readonly whole?: SimilarityIndex;
}

const TITLE_WEIGHT = 2;

/** A run of this many consecutive terms is a phrase; a shorter title or description is one whole. */
export const PHRASE_LENGTH = 3;
/** A phrase that this many requirements (or more) carry is the process's common wording. */
export const COMMON_PHRASE_DOCUMENTS = 3;
/**
 * Whole texts at least this similar are near-verbatim copies, proposed even when their words are
 * all common wording (a templated control copied, or three copies of one requirement); two
 * instances of a template differ more (NIST LOW's closest "Policy and Procedures" pair: 0.92).
 */
export const NEAR_VERBATIM = 0.95;

/**
 * Which occurrences of each field (title, description) of each document are common wording:
 * covered by a phrase that COMMON_PHRASE_DOCUMENTS documents or more carry, anywhere in their
 * text. That is a catalog's templates (NIST's "Policy and Procedures" statement of every family,
 * its "[Assignment: organization-defined …]" parameters, its training controls) and the headings
 * whose words every requirement under them repeats ("Incident Response" over "Incident Response
 * Training"); rewordings of one requirement share their phrases with each other only.
 */
function commonWording(fields: readonly Int32Array[][], termCount: number): Uint8Array[][] {
  // A phrase's key: its term ids (numbers while they fit, distinct for each length).
  const base = termCount + 1;
  const numeric = base ** PHRASE_LENGTH < Number.MAX_SAFE_INTEGER;
  const keyOf = (ids: Int32Array, from: number, length: number): number | string => {
    if (!numeric) return `${length}:${Array.prototype.join.call(ids.subarray(from, from + length), ',')}`;
    let key = 0;
    for (let k = 0; k < length; k += 1) key = key * base + ids[from + k] + 1;
    return key;
  };
  const short = (ids: Int32Array) => ids.length > 0 && ids.length < PHRASE_LENGTH;
  // The short fields' phrases, looked for inside every text too.
  const shortPhrases = new Set<number | string>();
  for (const document of fields) for (const ids of document) if (short(ids)) shortPhrases.add(keyOf(ids, 0, ids.length));
  // How many documents carry each phrase.
  const carriers = new Map<number | string, number>();
  const carried = new Set<number | string>();
  for (const document of fields) {
    carried.clear();
    for (const ids of document) {
      for (let start = 0; start + PHRASE_LENGTH <= ids.length; start += 1) carried.add(keyOf(ids, start, PHRASE_LENGTH));
      if (shortPhrases.size === 0) continue;
      for (let length = 1; length < PHRASE_LENGTH; length += 1) {
        for (let start = 0; start + length <= ids.length; start += 1) {
          const key = keyOf(ids, start, length);
          if (shortPhrases.has(key)) carried.add(key);
        }
      }
    }
    for (const key of carried) carriers.set(key, (carriers.get(key) ?? 0) + 1);
  }
  const isCommon = (key: number | string) => (carriers.get(key) ?? 0) >= COMMON_PHRASE_DOCUMENTS;
  return fields.map((document) =>
    document.map((ids) => {
      const common = new Uint8Array(ids.length);
      if (short(ids)) {
        if (isCommon(keyOf(ids, 0, ids.length))) common.fill(1);
        return common;
      }
      for (let start = 0; start + PHRASE_LENGTH <= ids.length; start += 1) {
        if (isCommon(keyOf(ids, start, PHRASE_LENGTH))) common.fill(1, start, start + PHRASE_LENGTH);
      }
      return common;
    }),
  );
}

/**
 * TF-IDF vectors whose common wording counts in a document's length but never as agreement: each
 * document's vector is the unit TF-IDF vector ((1 + log tf) · idf) of its own wording only,
 * shortened to the square root of the share of its text (term occurrences, titles counted twice)
 * that is its own. Two requirements that differ only in what a template leaves open (the family's
 * name in "Develop, document, and disseminate … access control policy") then share a small own
 * part and score low, while two rewordings of one requirement, all of it their own, keep their
 * full cosine. `whole` keeps the plain vectors of the whole texts, for near-verbatim copies.
 */
export function buildIndex(documents: readonly SimilarityDocument[]): SimilarityIndex {
  const termIds = new Map<string, number>();
  const surface: string[] = [];
  const df: number[] = [];
  const idOf = (word: string) => {
    const key = stem(word);
    let id = termIds.get(key);
    if (id === undefined) {
      id = surface.length;
      termIds.set(key, id);
      surface.push(word);
      df.push(0);
    }
    return id;
  };
  const fields = documents.map((document) => [Int32Array.from(words(document.title), idOf), Int32Array.from(words(document.description), idOf)]);
  const common = commonWording(fields, surface.length);
  const n = documents.length;
  const total: Map<number, number>[] = [];
  const own: Map<number, number>[] = [];
  fields.forEach((document, doc) => {
    const tf = new Map<number, number>();
    const tfOwn = new Map<number, number>();
    document.forEach((ids, field) => {
      const weight = field === 0 ? TITLE_WEIGHT : 1;
      ids.forEach((id, k) => {
        tf.set(id, (tf.get(id) ?? 0) + weight);
        if (!common[doc][field][k]) tfOwn.set(id, (tfOwn.get(id) ?? 0) + weight);
      });
    });
    for (const id of tf.keys()) df[id] += 1;
    total.push(tf);
    own.push(tfOwn);
  });
  const idf = df.map((frequency) => Math.log((n + 1) / (frequency + 1)) + 1);
  const vector = (tf: Map<number, number>): [Int32Array, Float64Array] => {
    const ids = Int32Array.from(tf.keys()).sort();
    const w = new Float64Array(ids.length);
    let norm = 0;
    for (let k = 0; k < ids.length; k += 1) {
      w[k] = (1 + Math.log(tf.get(ids[k])!)) * idf[ids[k]];
      norm += w[k] * w[k];
    }
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < w.length; k += 1) w[k] /= norm;
    return [ids, w];
  };
  const terms: Int32Array[] = [];
  const weights: Float64Array[] = [];
  const wholeTerms: Int32Array[] = [];
  const wholeWeights: Float64Array[] = [];
  for (let doc = 0; doc < n; doc += 1) {
    const [allIds, all] = vector(total[doc]);
    wholeTerms.push(allIds);
    wholeWeights.push(all);
    let length = 0;
    let ownLength = 0;
    for (const count of total[doc].values()) length += count;
    for (const count of own[doc].values()) ownLength += count;
    // The unit vector of its own wording, shortened to the share of the text that is its own.
    const [ids, w] = vector(own[doc]);
    const scale = length > 0 ? Math.sqrt(ownLength / length) : 0;
    for (let k = 0; k < w.length; k += 1) w[k] *= scale;
    terms.push(ids);
    weights.push(w);
  }
  const whole = withPostings(wholeTerms, wholeWeights, df.length, surface);
  return { ...withPostings(terms, weights, df.length, surface), whole };
}

/** The index of the given vectors: their posting lists added. */
function withPostings(terms: Int32Array[], weights: Float64Array[], termCount: number, surface: string[]): SimilarityIndex {
  const carried = new Int32Array(termCount);
  for (const ids of terms) for (const id of ids) carried[id] += 1;
  const postingDocs = Array.from(carried, (frequency) => new Int32Array(frequency));
  const postingWeights = Array.from(carried, (frequency) => new Float64Array(frequency));
  const filled = new Int32Array(termCount);
  for (let doc = 0; doc < terms.length; doc += 1) {
    const ids = terms[doc];
    for (let k = 0; k < ids.length; k += 1) {
      const term = ids[k];
      postingDocs[term][filled[term]] = doc;
      postingWeights[term][filled[term]] = weights[doc][k];
      filled[term] += 1;
    }
  }
  return { size: terms.length, terms, weights, postingDocs, postingWeights, surface };
}

/** The terms two documents share, the most telling first (of their own wording, else of their whole texts). */
export function sharedTerms(index: SimilarityIndex, a: number, b: number, max = 8): string[] {
  const own = sharedTermsOf(index, a, b, max);
  return own.length === 0 && index.whole ? sharedTermsOf(index.whole, a, b, max) : own;
}

function sharedTermsOf(index: SimilarityIndex, a: number, b: number, max: number): string[] {
  const ta = index.terms[a];
  const tb = index.terms[b];
  const shared: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < ta.length && j < tb.length) {
    if (ta[i] === tb[j]) {
      shared.push([ta[i], index.weights[a][i] * index.weights[b][j]]);
      i += 1;
      j += 1;
    } else if (ta[i] < tb[j]) i += 1;
    else j += 1;
  }
  return shared
    .sort((x, y) => y[1] - x[1])
    .slice(0, max)
    .map(([term]) => index.surface[term]);
}
