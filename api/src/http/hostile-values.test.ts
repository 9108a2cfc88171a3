// @backend-agnostic: pure functions; no table is read or written.
// The generic checks of hostile-values.ts, as functions: what they find, where, and how schemas
// are bounded (the API-level tests are in errors.test.ts and hostile-requests.test.ts).
import { boundIntegers, findHostileValue, INT4_MAX, INT4_MIN, MAX_DEPTH, REFUSALS } from './hostile-values';

describe('findHostileValue', () => {
  it('names the first value the database cannot store by its path, keys included', () => {
    expect(findHostileValue({ a: 'ok', items: [{ name: 'x' }, { name: 'y\ud800' }] })).toEqual({ path: 'items[1].name', reason: REFUSALS.surrogate });
    expect(findHostileValue({ first: '\udc00', second: '\u0000' })).toEqual({ path: 'first', reason: REFUSALS.surrogate });
    expect(findHostileValue(['\ud83d\ude00', 'a\u0000'])).toEqual({ path: '[1]', reason: REFUSALS.nul });
    expect(findHostileValue({ 'odd key': { n: -Infinity } })).toEqual({ path: '["odd key"].n', reason: REFUSALS.infinite });
    expect(findHostileValue({ ['k\u0000']: 1 })).toEqual({ path: '["k\\u0000"]', reason: `(a property name) ${REFUSALS.nul}` });
    expect(findHostileValue(Number.NaN)).toEqual({ path: '', reason: REFUSALS.infinite });
  });

  it('finds nothing in what Postgres stores: pairs, escapes written out, big finite numbers, bytes', () => {
    expect(findHostileValue({ text: '\ud83d\ude00 \\ud800 \u00e9', n: 1e308, m: -0, b: true, z: null, list: [] })).toBeUndefined();
    expect(findHostileValue(Buffer.from([0xed, 0xa0, 0x80, 0x00]))).toBeUndefined();
  });

  it('refuses nesting deeper than MAX_DEPTH without exhausting the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findHostileValue(deep)).toEqual({ path: '[0]'.repeat(MAX_DEPTH), reason: REFUSALS.deep });
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_DEPTH - 1; i += 1) fine = { a: fine };
    expect(findHostileValue(fine)).toBeUndefined();
  });
});

describe('boundIntegers', () => {
  it('holds every integer without a bound of its own to int4, wherever it is in the schema', () => {
    const schema = {
      type: 'object',
      properties: {
        count: { type: 'integer' },
        page: { type: 'integer', minimum: 1 },
        share: { type: 'integer', exclusiveMaximum: 10 },
        maybe: { type: ['integer', 'null'] },
        ratio: { type: 'number' },
        list: { type: 'array', items: { type: 'integer' } },
        either: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
        map: { type: 'object', additionalProperties: { type: 'integer' } },
      },
    };
    const original = structuredClone(schema);
    const bounded = boundIntegers(schema);
    const int4 = { minimum: INT4_MIN, maximum: INT4_MAX };
    expect(bounded.properties).toEqual({
      count: { type: 'integer', ...int4 },
      page: { type: 'integer', minimum: 1, maximum: INT4_MAX },
      share: { type: 'integer', exclusiveMaximum: 10, minimum: INT4_MIN },
      maybe: { type: ['integer', 'null'], ...int4 },
      ratio: { type: 'number' },
      list: { type: 'array', items: { type: 'integer', ...int4 } },
      either: { anyOf: [{ type: 'integer', ...int4 }, { type: 'string' }] },
      map: { type: 'object', additionalProperties: { type: 'integer', ...int4 } },
    });
    // Schemas are shared between routes: the original is left as it was.
    expect(schema).toEqual(original);
  });
});
