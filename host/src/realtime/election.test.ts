// Spec 4.4 tab election with an injected channel and timers: one leader, the highest id, after a
// 300 ms wait; a new tab follows the existing leader; when the leader leaves another takes over.
import { createTabElection, LEADER_TIMEOUT_MS, type TabElection, type TabRole } from './election';
import { createBus, jestTimers } from './testing';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function tab(bus: ReturnType<typeof createBus>, id: number) {
  const roles: TabRole[] = [];
  const channel = bus.channel();
  const election: TabElection = createTabElection({
    id,
    channel,
    timers: jestTimers,
    leaderState: () => 'Connected',
    onRoleChange: (role) => roles.push(role),
  });
  return { election, roles, channel };
}

const leaders = (tabs: Array<{ election: TabElection }>) => tabs.filter((t) => t.election.role === 'leader').map((t) => t.election.id);

it('a lone tab becomes the leader after the 300 ms wait', () => {
  const bus = createBus();
  const a = tab(bus, 1);
  a.election.start();
  jest.advanceTimersByTime(299);
  expect(a.election.role).toBe('electing');
  jest.advanceTimersByTime(1);
  expect(a.election.role).toBe('leader');
});

it('three tabs starting together elect exactly one leader, the highest id, and the others follow it', () => {
  const bus = createBus();
  const tabs = [tab(bus, 5), tab(bus, 9), tab(bus, 7)];
  tabs.forEach((t) => t.election.start());
  jest.advanceTimersByTime(400);
  expect(leaders(tabs)).toEqual([9]);
  expect(tabs.map((t) => t.election.leaderId)).toEqual([9, 9, 9]);
  jest.advanceTimersByTime(10_000);
  expect(leaders(tabs)).toEqual([9]);
});

it('a tab opened later follows the existing leader even with a higher id', () => {
  const bus = createBus();
  const first = tab(bus, 1);
  first.election.start();
  jest.advanceTimersByTime(400);
  const later = tab(bus, 100);
  later.election.start();
  jest.advanceTimersByTime(1_000);
  expect(first.election.role).toBe('leader');
  expect(later.election.role).toBe('follower');
  expect(later.roles).not.toContain('leader');
});

it('when the leader resigns, the highest remaining tab takes over within the wait', () => {
  const bus = createBus();
  const tabs = [tab(bus, 3), tab(bus, 8), tab(bus, 6)];
  tabs.forEach((t) => t.election.start());
  jest.advanceTimersByTime(400);
  tabs[1]!.election.stop();
  jest.advanceTimersByTime(400);
  expect(leaders(tabs)).toEqual([6]);
  expect(tabs[0]!.election.leaderId).toBe(6);
});

it('when the leader vanishes without a word, the others elect again after missing heartbeats', () => {
  const bus = createBus();
  const a = tab(bus, 2);
  const b = tab(bus, 4);
  a.election.start();
  b.election.start();
  jest.advanceTimersByTime(400);
  expect(b.election.role).toBe('leader');
  // A crashed tab: its channel goes silent, without a resignation.
  b.channel.close();
  jest.advanceTimersByTime(LEADER_TIMEOUT_MS + 400);
  expect(a.election.role).toBe('leader');
});
