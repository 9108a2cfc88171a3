import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../../api/errors';
import { problemFieldMap, problemFields, problemText } from './problemText';

describe('problemText', () => {
  it("says the API's own detail when it gave one", () => {
    const error = new ApiError(402, 'Payment required.', { problem: { detail: 'Your licence allows 3 processes.' } });
    expect(problemText(error)).toBe('Your licence allows 3 processes.');
  });

  it('says the catalogue message without a detail, or with a blank one', () => {
    expect(problemText(new ApiError(404, 'Not found.'))).toBe('Not found.');
    expect(problemText(new ApiError(404, 'Not found.', { problem: { detail: '  ' } }))).toBe('Not found.');
  });

  it("says another error's message, and the unknown-error message for anything else", () => {
    expect(problemText(new Error('The file is empty.'))).toBe('The file is empty.');
    expect(problemText(new Error(''))).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(problemText(null)).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(problemText({ status: 500 })).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});

describe('problemFields / problemFieldMap', () => {
  const refused = new ApiError(400, 'Invalid input.', {
    problem: {
      detail: 'The SBOM does not follow its schema.',
      errors: [{ field: '/components/0/name', message: 'is required' }, { field: 'name' }, 'text', null, { field: 'app_key', message: 'Invalid app key' }],
    },
  });

  it('reads the well-formed { field, message } entries of the problem details, in order', () => {
    expect(problemFields(refused)).toEqual([
      { field: '/components/0/name', message: 'is required' },
      { field: 'app_key', message: 'Invalid app key' },
    ]);
    expect(problemFieldMap(refused)).toEqual({ '/components/0/name': 'is required', app_key: 'Invalid app key' });
  });

  it('finds none in other failures', () => {
    expect(problemFields(new ApiError(400, 'Invalid input.'))).toEqual([]);
    expect(problemFields(new ApiError(400, 'Invalid input.', { problem: { errors: 'name' } }))).toEqual([]);
    expect(problemFields(new Error('x'))).toEqual([]);
    expect(problemFieldMap(undefined)).toEqual({});
  });
});
