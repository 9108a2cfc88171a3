import { isPermitted, setPermissionChecker } from './checker';

afterEach(() => setPermissionChecker(null));

describe('permission checker hook point', () => {
  it('allows everything until an evaluator registers', () => {
    expect(isPermitted('delete=>Requirement')).toBe(true);
  });

  it('asks the registered checker, and null restores the default', () => {
    setPermissionChecker((permission) => permission.startsWith('view'));
    expect(isPermitted('view=>Requirement')).toBe(true);
    expect(isPermitted('delete=>Requirement')).toBe(false);
    setPermissionChecker(null);
    expect(isPermitted('delete=>Requirement')).toBe(true);
  });
});
