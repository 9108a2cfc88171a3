/** @jest-environment node */
// The API imports @portal/shared/server in Node: it must load without a DOM and without React.
// Loading any of these fails the import, so the test proves server.ts does not need them.
jest.mock('react', () => {
  throw new Error('server.ts must not import react');
});
jest.mock('react-dom', () => {
  throw new Error('server.ts must not import react-dom');
});
jest.mock('@tanstack/react-query', () => {
  throw new Error('server.ts must not import @tanstack/react-query');
});
jest.mock('@chakra-ui/react', () => {
  throw new Error('server.ts must not import @chakra-ui/react');
});
jest.mock('history', () => {
  throw new Error('server.ts must not import history');
});

describe('@portal/shared/server', () => {
  it('loads in Node without a DOM or React and offers the shared catalogue, schemas and routes', async () => {
    expect(typeof window).toBe('undefined');
    const server = await import('./server');
    expect(server.messageForStatus(404)).toBe('The requested resource does not exist.');
    expect(server.validateField({ required: true }, '')).toBe('Required.');
    expect(server.FRESHNESS.session).toBe(60_000);
    expect(server.resolveRoute('/dashboard')?.route.owner).toBe('mfe-requirements');
    expect(server.DEFAULT_MODULE_CONFIGURATION.num_of_apps).toBe(-1);
    expect(Object.keys(server)).not.toContain('apiClient');
    expect(Object.keys(server)).not.toContain('useSession');
  });
});
