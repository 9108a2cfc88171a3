// Tab election (spec 4.4): among the tabs of one browser the one with the highest id holds the
// broker connection. A tab without a leader calls an election, waits 300 ms for the other
// candidates and claims leadership if its id is the highest; a leader announces itself (with its
// connection state) every heartbeat and answers every candidate, so a new tab follows it instead
// of taking over. When the leader resigns (pagehide) or misses heartbeats, the others elect again.
// Two leaders (after a race) settle it: the lower id steps down.
import { REALTIME_ELECTION_WAIT_MS, type RealtimeState } from '@portal/shared';
import type { TabChannel, TabMessage, Timers, Unlisten } from './protocol';

export type TabRole = 'electing' | 'leader' | 'follower';

export interface ElectionOptions {
  id: number;
  channel: TabChannel;
  timers: Timers;
  /** The leader's connection state, sent with its heartbeats. */
  leaderState(): RealtimeState;
  onRoleChange(role: TabRole): void;
  /** A follower learns the leader's connection state. */
  onLeaderState?(state: RealtimeState): void;
  /** Every message that is not about the election. */
  onMessage?(message: TabMessage): void;
  waitMs?: number;
  heartbeatMs?: number;
  /** A follower elects again after this long without a heartbeat. */
  leaderTimeoutMs?: number;
}

export const ELECTION_HEARTBEAT_MS = 500;
export const LEADER_TIMEOUT_MS = 1_500;

export interface TabElection {
  readonly id: number;
  readonly role: TabRole;
  readonly leaderId: number | null;
  start(): void;
  /** Leaves the election (a leader resigns so another takes over at once). */
  stop(): void;
  /** Tells the followers the leader's state now rather than at the next heartbeat. */
  announce(): void;
}

export function createTabElection(options: ElectionOptions): TabElection {
  const { id, channel, timers } = options;
  const waitMs = options.waitMs ?? REALTIME_ELECTION_WAIT_MS;
  const heartbeatMs = options.heartbeatMs ?? ELECTION_HEARTBEAT_MS;
  const leaderTimeoutMs = options.leaderTimeoutMs ?? LEADER_TIMEOUT_MS;

  let role: TabRole = 'electing';
  let leaderId: number | null = null;
  let candidates = new Set<number>();
  let electionTimer: unknown = null;
  let heartbeat: unknown = null;
  let watchdog: unknown = null;
  let unlisten: Unlisten | null = null;
  let running = false;

  function setRole(next: TabRole): void {
    if (next === role) return;
    role = next;
    options.onRoleChange(next);
  }

  function clearTimers(): void {
    if (electionTimer !== null) timers.clearTimeout(electionTimer);
    if (heartbeat !== null) timers.clearInterval(heartbeat);
    if (watchdog !== null) timers.clearTimeout(watchdog);
    electionTimer = heartbeat = watchdog = null;
  }

  function announce(): void {
    if (running && role === 'leader') channel.post({ kind: 'leader', id, state: options.leaderState() });
  }

  function becomeLeader(): void {
    clearTimers();
    leaderId = id;
    setRole('leader');
    announce();
    heartbeat = timers.setInterval(announce, heartbeatMs);
  }

  function watchLeader(): void {
    if (watchdog !== null) timers.clearTimeout(watchdog);
    watchdog = timers.setTimeout(() => {
      watchdog = null;
      elect();
    }, leaderTimeoutMs);
  }

  function follow(leader: number): void {
    if (electionTimer !== null) timers.clearTimeout(electionTimer);
    if (heartbeat !== null) timers.clearInterval(heartbeat);
    electionTimer = heartbeat = null;
    leaderId = leader;
    setRole('follower');
    watchLeader();
  }

  function elect(): void {
    if (!running) return;
    clearTimers();
    leaderId = null;
    candidates = new Set([id]);
    setRole('electing');
    channel.post({ kind: 'candidate', id });
    electionTimer = timers.setTimeout(() => {
      electionTimer = null;
      if (Math.max(...candidates) === id) {
        becomeLeader();
      } else {
        // A higher candidate should claim now; if it does not (it closed), elect again.
        watchLeader();
      }
    }, waitMs);
  }

  function receive(message: TabMessage): void {
    if (!running) return;
    switch (message.kind) {
      case 'candidate':
        if (role === 'leader') {
          announce();
        } else if (role === 'electing') {
          candidates.add(message.id);
        } else if (message.id !== leaderId) {
          // A follower that hears an election joins it (its leader may have gone silently).
          candidates.add(message.id);
        }
        return;
      case 'leader':
        if (message.id === id) return;
        if (role === 'leader') {
          // Two leaders: the lower id steps down.
          if (message.id > id) follow(message.id);
          else announce();
          return;
        }
        follow(message.id);
        options.onLeaderState?.(message.state);
        return;
      case 'resign':
        if (message.id === leaderId && role !== 'leader') elect();
        return;
      default:
        options.onMessage?.(message);
    }
  }

  return {
    id,
    get role() {
      return role;
    },
    get leaderId() {
      return leaderId;
    },
    start() {
      if (running) return;
      running = true;
      unlisten = channel.listen(receive);
      elect();
    },
    stop() {
      if (!running) return;
      if (role === 'leader') channel.post({ kind: 'resign', id });
      running = false;
      clearTimers();
      unlisten?.();
      unlisten = null;
      leaderId = null;
      setRole('electing');
    },
    announce,
  };
}
