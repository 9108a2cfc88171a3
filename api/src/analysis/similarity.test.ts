// @backend-agnostic: pure functions; no table is read or written.
// The duplicate scan is exact: whatever the corpus, the inverted-index scan with its bound finds
// the same pairs as comparing every pair.
import fc from 'fast-check';
import { similarPairs, similarTo } from './similar-pairs';
import { buildIndex, NEAR_VERBATIM, sharedTerms, stem, words, type SimilarityIndex } from './similarity';

const dot = (index: SimilarityIndex, a: number, b: number) => {
  let score = 0;
  index.terms[a].forEach((term, i) => {
    const j = index.terms[b].indexOf(term);
    if (j >= 0) score += index.weights[a][i] * index.weights[b][j];
  });
  return score;
};

/** Every pair, own wording compared, and whole texts for near-verbatim copies. */
function bruteForce(index: SimilarityIndex, threshold: number): string[] {
  const result: string[] = [];
  for (let a = 0; a < index.size; a += 1) {
    for (let b = a + 1; b < index.size; b += 1) {
      const own = dot(index, a, b);
      const whole = dot(index.whole!, a, b);
      const score = Math.max(own >= threshold - 1e-12 ? own : 0, whole >= Math.max(threshold, NEAR_VERBATIM) - 1e-12 ? whole : 0);
      if (score > 0) result.push(`${a}-${b}:${Math.min(1, score).toFixed(6)}`);
    }
  }
  return result.sort();
}

const found = (index: SimilarityIndex, threshold: number) =>
  similarPairs(index, threshold)
    .map((pair) => `${pair.a}-${pair.b}:${pair.score.toFixed(6)}`)
    .sort();

it('removes stop words and numbers, folds plurals', () => {
  expect(words('The system SHALL lock accounts after 5 failed log-ins')).toEqual(['system', 'lock', 'accounts', 'failed', 'log', 'ins']);
  expect(['policies', 'processes', 'logs', 'access', 'status', 'analysis', 'boxes'].map(stem)).toEqual([
    'policy', 'process', 'log', 'access', 'status', 'analysis', 'box',
  ]);
});

it('scores near-duplicates high and explains them by the terms they share', () => {
  const index = buildIndex([
    { id: 'a', title: 'Account lockout', description: 'Lock user accounts after five failed sign-in attempts.' },
    { id: 'b', title: 'Lock accounts', description: 'User accounts are locked after repeated failed sign-in attempts.' },
    { id: 'c', title: 'Backups', description: 'Back up the database every night and test the restore.' },
  ]);
  const pairs = similarPairs(index, 0.5);
  expect(pairs.map((pair) => [pair.a, pair.b])).toEqual([[0, 1]]);
  expect(sharedTerms(index, 0, 1)).toEqual(expect.arrayContaining(['account', 'lock', 'failed', 'attempts']));
  expect(similarTo(index, 1, 0.5).map((pair) => pair.b)).toEqual([0]);
  expect(similarTo(index, 2, 0.5)).toEqual([]);
});

it('leaves out the wording three requirements or more share: a template pairs nothing, two rewordings still pair', () => {
  const policy = (area: string) => ({
    title: 'Policy and procedures',
    description: `Develop, document and disseminate an ${area} policy that addresses purpose, scope, roles, responsibilities and compliance; review and update the ${area} policy yearly.`,
  });
  const documents = [policy('access control'), policy('audit and accountability'), policy('incident response'), policy('media protection')];
  expect(similarPairs(buildIndex(documents.map((document, i) => ({ id: String(i), ...document }))), 0.3)).toEqual([]);
  // The same template in two requirements only is no catalog's common part: they look alike.
  const two = documents.slice(0, 2).map((document, i) => ({ id: String(i), ...document }));
  expect(similarPairs(buildIndex(two), 0.5)).toHaveLength(1);
  // A heading whose words its requirements repeat is common wording too: it pairs with none of them.
  const headed = buildIndex([
    { id: 'h', title: 'Incident response', description: '' },
    { id: 'a', title: 'Incident response training', description: 'Train users for their incident roles.' },
    { id: 'b', title: 'Incident response testing', description: 'Test the incident response capability.' },
  ]);
  expect(similarPairs(headed, 0.1).filter((pair) => pair.a === 0)).toEqual([]);
  expect(similarTo(headed, 0, 0.1)).toEqual([]);
});

it('still proposes near-verbatim copies made of common wording only: three copies of one requirement', () => {
  const copy = { title: 'Lock accounts', description: 'Lock user accounts after five failed sign-in attempts.' };
  const index = buildIndex([copy, { ...copy, description: `${copy.description} ` }, copy, { title: 'Backups', description: 'Back up the database every night.' }].map((document, i) => ({ id: String(i), ...document })));
  expect(similarPairs(index, 0.5).map((pair) => [pair.a, pair.b, pair.score])).toEqual([
    [0, 1, 1],
    [0, 2, 1],
    [1, 2, 1],
  ]);
  expect(sharedTerms(index, 0, 1)).toEqual(expect.arrayContaining(['lock', 'accounts', 'failed']));
  expect(similarTo(index, 2, 0.5).map((pair) => pair.b)).toEqual([0, 1]);
});

it('finds exactly the pairs a comparison of every pair finds', () => {
  const vocabulary = ['access', 'control', 'audit', 'log', 'system', 'user', 'account', 'password', 'policy', 'review', 'backup', 'incident', 'encrypt', 'network', 'monitor'];
  const text = fc.array(fc.constantFrom(...vocabulary), { minLength: 0, maxLength: 8 }).map((list) => list.join(' '));
  fc.assert(
    fc.property(
      fc.array(fc.record({ title: text, description: text }), { minLength: 2, maxLength: 80 }),
      fc.constantFrom(0.3, 0.5, 0.7, 0.9),
      (documents, threshold) => {
        const index = buildIndex(documents.map((document, i) => ({ id: String(i), ...document })));
        expect(found(index, threshold)).toEqual(bruteForce(index, threshold));
      },
    ),
    { numRuns: 150 },
  );
});

it('stays exact when most terms are frequent (documents made of common words only)', () => {
  const documents = Array.from({ length: 400 }, (_, i) => ({
    id: String(i),
    title: ['system security', 'security plan', 'system plan', 'access control'][i % 4],
    description: i % 7 === 0 ? `unique${i} term${i}` : ['the system security plan', 'control access', 'plan security'][i % 3],
  }));
  const index = buildIndex(documents);
  expect(found(index, 0.5)).toEqual(bruteForce(index, 0.5));
});
