// @portal/shared/testing: what the packages' tests share — the fake API (fetch) and fake uploads
// (XMLHttpRequest) the real API client runs against, the render helpers, session fixtures.
// Test-only: it uses jest's globals, and no production file may import it (it is not in the root
// index nor in any federation share, so no bundle holds it).
export * from './fakeApi';
export * from './fakeUploads';
export * from './renderScreen';
export * from './sessions';
export { describeRemoteRoutes } from './describeRemoteRoutes';
export { renderHookHolding } from './heldQueries';
