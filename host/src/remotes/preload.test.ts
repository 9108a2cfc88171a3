import { preloadRouteOwner } from './preload';

describe('preloadRouteOwner', () => {
  it("starts loading the remote that owns the first screen's route", () => {
    const load = jest.fn().mockResolvedValue({});
    preloadRouteOwner('/applications/juice-shop', load);
    expect(load).toHaveBeenCalledWith('mfe-applications', false);
  });

  it('loads nothing for a screen of the host or a path no route matches', () => {
    const load = jest.fn().mockResolvedValue({});
    preloadRouteOwner('/about', load);
    preloadRouteOwner('/no/such/screen', load);
    expect(load).not.toHaveBeenCalled();
  });

  it('leaves a failed load to the outlet: no unhandled rejection', async () => {
    const load = jest.fn().mockRejectedValue(new Error('remote down'));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    preloadRouteOwner('/dashboard', load);
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(load).toHaveBeenCalledWith('mfe-requirements', false);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
