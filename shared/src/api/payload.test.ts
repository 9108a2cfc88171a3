import { dropNullFields, queryString } from './payload';

describe('dropNullFields', () => {
  it('drops null and undefined fields at the top level and in nested objects', () => {
    expect(
      dropNullFields({ a: 1, b: null, c: undefined, d: { e: null, f: 'x', g: { h: undefined, i: 0 } } }),
    ).toEqual({ a: 1, d: { f: 'x', g: { i: 0 } } });
  });

  it('keeps falsy values that are not null', () => {
    expect(dropNullFields({ zero: 0, empty: '', no: false })).toEqual({ zero: 0, empty: '', no: false });
  });

  it('cleans objects inside arrays but keeps array positions', () => {
    expect(dropNullFields({ list: [{ a: null, b: 2 }, null, 3] })).toEqual({ list: [{ b: 2 }, null, 3] });
  });

  it('leaves non-plain objects alone', () => {
    const date = new Date(0);
    expect(dropNullFields({ date }).date).toBe(date);
  });
});

describe('queryString', () => {
  it('encodes values, repeats arrays and leaves out null/undefined', () => {
    expect(queryString({ search: 'a b', n: 2, ok: true, tag: ['x', 'y'], none: null, gone: undefined })).toBe(
      'search=a+b&n=2&ok=true&tag=x&tag=y',
    );
  });

  it('is empty without parameters', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({})).toBe('');
  });
});
