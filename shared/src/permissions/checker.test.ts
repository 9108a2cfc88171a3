import { hasPermissionChecker, isPermitted, setPermissionChecker, subscribePermissionChecker } from './checker';

afterEach(() => setPermissionChecker(null));

describe('permission checker hook point', () => {
  it('allows everything until an evaluator registers', () => {
    expect(hasPermissionChecker()).toBe(false);
    expect(isPermitted('delete=>Requirement')).toBe(true);
    expect(isPermitted({ all: ['delete=>Requirement', 'view=>Requirement'] })).toBe(true);
  });

  it('asks the registered checker, and null restores the default', () => {
    setPermissionChecker((permission) => permission.startsWith('view'));
    expect(hasPermissionChecker()).toBe(true);
    expect(isPermitted('view=>Requirement')).toBe(true);
    expect(isPermitted('delete=>Requirement')).toBe(false);
    setPermissionChecker(null);
    expect(isPermitted('delete=>Requirement')).toBe(true);
  });

  it('combines checks with all and any, nested, with the empty cases of checkPermission', () => {
    setPermissionChecker((permission) => permission.startsWith('view'));
    expect(isPermitted({ all: ['view=>Requirement', 'view=>Task'] })).toBe(true);
    expect(isPermitted({ all: ['view=>Requirement', 'assign=>Task'] })).toBe(false);
    expect(isPermitted({ any: ['delete=>Requirement', 'view=>Task'] })).toBe(true);
    expect(isPermitted({ any: ['delete=>Requirement', { all: ['view=>Task', 'view=>Document'] }] })).toBe(true);
    expect(isPermitted({ all: [] })).toBe(true);
    expect(isPermitted({ any: [] })).toBe(false);
  });

  it('tells subscribers when a checker is registered or removed', () => {
    const listener = jest.fn();
    const unsubscribe = subscribePermissionChecker(listener);
    setPermissionChecker(() => false);
    setPermissionChecker(null);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setPermissionChecker(() => false);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
