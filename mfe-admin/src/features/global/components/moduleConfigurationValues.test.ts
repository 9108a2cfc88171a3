import { limitErrors, sameConfiguration, toConfiguration, toValues } from './moduleConfigurationValues';

const configuration = { code: true, requirement: false, num_of_projects: -1, num_of_users: 10, num_of_apps: 0 };

describe('module configuration values', () => {
  it('shows -1 as Unlimited and sends it back as -1', () => {
    const values = toValues(configuration);
    expect(values.limits).toEqual({
      num_of_projects: { unlimited: true, count: '' },
      num_of_users: { unlimited: false, count: '10' },
      num_of_apps: { unlimited: false, count: '0' },
    });
    expect(toConfiguration(values)).toEqual(configuration);
    expect(sameConfiguration(toConfiguration(values), configuration)).toBe(true);
  });

  it('needs a whole number of at least 0 for every limit that is not unlimited', () => {
    const values = toValues(configuration);
    values.limits.num_of_users.count = '';
    values.limits.num_of_apps.count = '-1';
    expect(limitErrors(values)).toEqual({ num_of_users: 'Required.', num_of_apps: 'Minimum value is 0.' });
    values.limits.num_of_users.count = '2.5';
    expect(limitErrors(values).num_of_users).toBe('Numbers only.');
    values.limits.num_of_users.unlimited = true;
    expect(limitErrors(values).num_of_users).toBeUndefined();
  });
});
