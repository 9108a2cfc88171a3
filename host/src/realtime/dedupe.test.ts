// De-duplication by eventId (issue 4 item 12): the outbox relay delivers at least once, so a
// message may arrive twice (a redelivery after a reconnect, a relay around a change of leader).
import { createDeduplicator } from './dedupe';

it('lets an eventId through once and what has none always', () => {
  const dedupe = createDeduplicator();
  expect(dedupe.firstTime({ eventId: 'e1', n: 1 })).toBe(true);
  expect(dedupe.firstTime({ eventId: 'e1', n: 1 })).toBe(false);
  expect(dedupe.firstTime({ eventId: 'e2' })).toBe(true);
  expect(dedupe.firstTime({ type: 'refresh' })).toBe(true);
  expect(dedupe.firstTime({ type: 'refresh' })).toBe(true);
  expect(dedupe.firstTime('text')).toBe(true);
  expect(dedupe.firstTime({ eventId: '' })).toBe(true);
});

it('remembers the last ids up to its capacity, forgetting the oldest first', () => {
  const dedupe = createDeduplicator(2);
  for (const id of ['a', 'b', 'c']) expect(dedupe.firstTime({ eventId: id })).toBe(true);
  expect(dedupe.firstTime({ eventId: 'c' })).toBe(false);
  expect(dedupe.firstTime({ eventId: 'b' })).toBe(false);
  expect(dedupe.firstTime({ eventId: 'a' })).toBe(true);
});
