import { preloadRouteOwner, takePreloaded } from './preload';

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

describe('takePreloaded', () => {
  it("gives the outlet the preloaded load once, with its failure's own reason", async () => {
    const refused = new Error('Version 4.2.0 from host of shared singleton module @portal/shared does not satisfy the requirement of mfe_admin which needs ^1.0.0');
    const load = jest.fn().mockRejectedValue(refused);
    preloadRouteOwner('/administration/iam', load);
    const taken = takePreloaded('mfe-admin');
    await expect(taken).rejects.toBe(refused);
    expect(takePreloaded('mfe-admin')).toBeUndefined();
    expect(takePreloaded('mfe-auth')).toBeUndefined();
  });
});
