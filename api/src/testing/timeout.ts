// Opening an embedded database, migrating it and hashing passwords take several seconds on a
// loaded 2-core machine (CI runs every package's suites at once): jest's 5 s is too tight.
// (A project's own `testTimeout` is ignored when jest runs several projects.) With a worker per
// core, a file shares its core with another's: 60 s.
jest.setTimeout(60_000);
