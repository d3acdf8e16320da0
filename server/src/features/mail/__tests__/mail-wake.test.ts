import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import type { DomainEvents } from '../../../platform/shared/events';

let app: TestApp;
beforeAll(async () => {
  // The wake-up handler is only registered when the server runs its jobs.
  app = await startTestApp({ JOBS_ENABLED: 'true' });
});
afterAll(async () => {
  await app?.close();
});

const committed = (work: string[] | undefined): DomainEvents['outboxCommitted'] => ({
  id: randomUUID(),
  seq: '1',
  topic: 'booking.cancelled',
  aggregateId: randomUUID(),
  bookingId: null,
  audienceUserIds: [],
  ...(work ? { work } : {}),
});

describe('the e-mail worker after a commit', () => {
  it('is woken only when the commit wrote notifications (or an older instance does not say)', async () => {
    const wake = vi.spyOn(app.server.services.emailDelivery, 'wake').mockImplementation(() => {});
    const bus = app.server.deps.events;
    try {
      // Before: every commit woke it, and each wake-up is a plan and a claim statement when e-mail is on.
      await bus.publish('outboxCommitted', committed([]));
      await bus.publish('outboxCommitted', committed(['webhooks']));
      await new Promise((r) => setTimeout(r, 200));
      expect(wake).not.toHaveBeenCalled();

      await bus.publish('outboxCommitted', committed(['notifications']));
      await vi.waitFor(() => expect(wake).toHaveBeenCalledTimes(1));
      await bus.publish('outboxCommitted', committed(undefined));
      await vi.waitFor(() => expect(wake).toHaveBeenCalledTimes(2));
    } finally {
      wake.mockRestore();
    }
  });
});
