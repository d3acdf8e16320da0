import type { PubSub } from 'type-graphql';

/**
 * Subscriptions here read the request's own event bus (`subscribe:` functions on each
 * @Subscription), because one process may host several servers (tests run two) while the schema
 * is built once per process. type-graphql still wants a PubSub at build time; topic-based
 * subscriptions are therefore refused with a clear message.
 */
export const topicPubSub: PubSub = {
  publish() {
    throw new Error('Publish through deps.events (the EventBus); GraphQL subscriptions listen to it');
  },
  subscribe(topic: string) {
    throw new Error(`Topic subscription "${topic}" is not supported: give the @Subscription a subscribe function reading ctx's event bus`);
  },
};
