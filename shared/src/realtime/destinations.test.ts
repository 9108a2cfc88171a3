import { isDurableQueue, notificationsQueue, userEventsQueue } from './destinations';

describe('broker destinations (spec 7)', () => {
  it('names the per-user queues', () => {
    expect(notificationsQueue('42')).toBe('notifications#42');
    expect(userEventsQueue('42')).toBe('events#42');
  });

  it('treats a name with # as a durable queue and others as fanout exchanges', () => {
    expect(isDurableQueue('notifications#42')).toBe(true);
    expect(isDurableQueue('sync-user')).toBe(false);
  });
});
