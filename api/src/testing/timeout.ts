// Opening an embedded database, migrating it and hashing passwords take several seconds on a
// loaded 2-core machine (CI runs every package's suites at once): jest's 5 s is too tight.
// (A project's own `testTimeout` is ignored when jest runs several projects.)
jest.setTimeout(30_000);
