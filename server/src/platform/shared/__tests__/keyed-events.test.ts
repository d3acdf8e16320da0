import { describe, expect, it } from 'vitest';
import { eventStream, keyedEvents } from '../event-stream';
import { InProcessEventBus, type EventBus } from '../events';

/** An in-process bus that counts its listeners. */
function countingBus() {
  const bus = new InProcessEventBus();
  const counted = { listeners: 0 };
  const wrapped: EventBus = {
    publish: (event, payload) => bus.publish(event, payload),
    close: () => bus.close(),
    subscribe(event, listener) {
      counted.listeners += 1;
      const off = bus.subscribe(event, listener);
      return () => {
        counted.listeners -= 1;
        off();
      };
    },
  };
  return { bus: wrapped, counted };
}

describe('keyedEvents', () => {
  it('hands each event to the listeners of the keys it names, and only to them', async () => {
    const { bus } = countingBus();
    const forUser = keyedEvents(bus, 'bookingUpdated', (e) => e.partyUserIds);
    const [ann, bob, cid] = ['ann', 'bob', 'cid'].map((user) => eventStream(forUser(user)));
    await bus.publish('bookingUpdated', { bookingId: 'b1', partyUserIds: ['ann', 'bob'] });
    await bus.publish('bookingUpdated', { bookingId: 'b2', partyUserIds: ['cid', 'ann'] });

    expect((await ann.next()).value.bookingId).toBe('b1');
    expect((await ann.next()).value.bookingId).toBe('b2');
    expect((await bob.next()).value.bookingId).toBe('b1');
    expect((await cid.next()).value.bookingId).toBe('b2');
    const nothingMore = await Promise.race([bob.next().then(() => 'an event'), new Promise((r) => setTimeout(() => r('nothing'), 50))]);
    expect(nothingMore).toBe('nothing');
    await Promise.all([ann, bob, cid].map((s) => s.return!()));
  });

  it('one bus listener for every subscription; two tabs of one user both hear it; it goes with the last one', async () => {
    const { bus, counted } = countingBus();
    const forUser = keyedEvents(bus, 'bookingUpdated', (e) => e.partyUserIds);
    const tab1 = eventStream(forUser('ann'));
    const tab2 = eventStream(forUser('ann'));
    const other = eventStream(forUser('zed'));
    expect(counted.listeners).toBe(1);
    await bus.publish('bookingUpdated', { bookingId: 'b1', partyUserIds: ['ann', 'zed'] });
    expect((await tab1.next()).value.bookingId).toBe('b1');
    expect((await tab2.next()).value.bookingId).toBe('b1');
    expect((await other.next()).value.bookingId).toBe('b1');
    await tab1.return!();
    await other.return!();
    expect(counted.listeners).toBe(1);
    await tab2.return!();
    expect(counted.listeners).toBe(0);
  });
});
