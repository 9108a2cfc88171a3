// @backend-agnostic: pure functions; no table is read or written.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeAffected, encodeAffected } from './compact';
import type { OsvRecord } from './osv';

test('every affected entry of the data set survives the compact form', () => {
  const dir = path.join(__dirname, 'testdata', 'osv');
  let entries = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const record = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OsvRecord;
    for (const affected of record.affected ?? []) {
      const decoded = decodeAffected(encodeAffected(affected.versions ?? [], affected.ranges ?? []));
      expect(decoded).toEqual({ versions: affected.versions ?? [], ranges: (affected.ranges ?? []).map(({ type, events }) => ({ type, events })) });
      entries += 1;
    }
  }
  expect(entries).toBeGreaterThan(150);
});

test('edge cases: no versions, empty events, GIT, unknown types, empty fixed', () => {
  const ranges = [
    { type: 'GIT', repo: 'https://example.com/r', events: [{ introduced: '0' }, { limit: 'abc' }] },
    { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '' }] },
    { type: 'SEMVER', events: [] },
    { type: 'NEW_TYPE', events: [{ introduced: '1' }, { last_affected: '2' }] },
  ];
  expect(decodeAffected(encodeAffected([], ranges))).toEqual({
    versions: [],
    ranges: [
      { type: 'GIT', events: [{ introduced: '0' }, { limit: 'abc' }] },
      { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '' }] },
      { type: 'SEMVER', events: [] },
      { type: 'OTHER', events: [{ introduced: '1' }, { last_affected: '2' }] },
    ],
  });
  expect(decodeAffected(encodeAffected(['1.0', '1.1'], []))).toEqual({ versions: ['1.0', '1.1'], ranges: [] });
});
