// `npm test` runs every package's unit, component and API suites in one jest run.
module.exports = {
  projects: [
    '<rootDir>/shared',
    '<rootDir>/host',
    '<rootDir>/mfe-auth',
    '<rootDir>/mfe-requirements',
    '<rootDir>/mfe-collaboration',
    '<rootDir>/mfe-applications',
    '<rootDir>/mfe-operations',
    '<rootDir>/mfe-admin',
    '<rootDir>/api',
    '<rootDir>/scripts',
  ],
};
