require('@testing-library/jest-dom');

// Component tests type and click through whole screens; on a loaded 2-core CI machine running
// every project in parallel, that can take longer than jest's 5 s default. (A project's own
// testTimeout is ignored when jest runs several projects, hence here.)
jest.setTimeout(20_000);

// Likewise the find*/waitFor queries: 1 s (testing-library's default) for a screen to show what it
// loads is a coin toss on that machine (a lazy screen's first render, its query, then the tree).
require('@testing-library/react').configure({ asyncUtilTimeout: 5_000 });
