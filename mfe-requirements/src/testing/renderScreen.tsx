// The shared render helpers (one copy for every package); tests may import '@portal/shared/testing'
// directly. Kept as a path while the remote's tests move over. Test-only.
export { fill, renderScreen, routeOf } from '@portal/shared/testing';
