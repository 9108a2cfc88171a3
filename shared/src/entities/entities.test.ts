import { DEFAULT_MODULE_CONFIGURATION, graphOf, isPlatformView } from './process';
import { isGlobalRole } from './session';

describe('entity helpers', () => {
  it('the graph of a process is its lowercased code name', () => {
    expect(graphOf({ code_name: 'ProjectX' })).toBe('projectx');
  });

  it('recognises Platform View by id or code name *', () => {
    expect(isPlatformView({ id: '*', code_name: '*' })).toBe(true);
    expect(isPlatformView({ id: '3', code_name: 'alpha' })).toBe(false);
    expect(isPlatformView(null)).toBe(false);
  });

  it('global roles begin with an underscore', () => {
    expect(isGlobalRole('_GLOBAL_ADMIN')).toBe(true);
    expect(isGlobalRole('AUTHOR')).toBe(false);
  });

  it('default module configuration: code and requirement on, counts unlimited', () => {
    expect(DEFAULT_MODULE_CONFIGURATION).toEqual({
      code: true,
      requirement: true,
      num_of_projects: -1,
      num_of_users: -1,
      num_of_apps: -1,
    });
    expect(Object.isFrozen(DEFAULT_MODULE_CONFIGURATION)).toBe(true);
  });
});
