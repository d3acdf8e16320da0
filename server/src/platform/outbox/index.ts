import { defineModule } from '../module';
import type { OutboxConsumer } from './outbox';

declare module '../module' {
  interface ExtensionPoints {
    /** In-transaction consumers of the outbox: `extend: (app) => ({ outboxConsumers: [...] })`. */
    outboxConsumers: OutboxConsumer;
  }
}

/** The shared outbox (docs/architecture.md, "An event"); the Outbox itself is in AppDeps, as every producer needs it. */
export const outboxModule = defineModule({
  name: 'outbox',
  init: ({ deps, contributions }) => {
    for (const consumer of contributions('outboxConsumers')) deps.outbox.register(consumer);
  },
});
