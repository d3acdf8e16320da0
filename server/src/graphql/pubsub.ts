import type { PubSub } from 'type-graphql';
import type { RequestContext } from '../request-context';

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

/**
 * One EntityManager fork and fresh DataLoaders per subscription event: a subscription's context
 * lives as long as the subscription, and its identity map and loader caches would otherwise serve
 * the first event's data forever. graphql-js handles one event at a time, so resetting before
 * each `next()` is safe.
 */
export function freshContextPerEvent<T>(ctx: RequestContext, source: AsyncIterator<T>): AsyncIterableIterator<T> {
  return {
    next() {
      ctx.em = ctx.em.fork();
      ctx.loaders.clear();
      return source.next();
    },
    return() {
      return source.return?.() ?? Promise.resolve({ value: undefined, done: true });
    },
    throw(err?: unknown) {
      return source.throw?.(err) ?? Promise.reject(err);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
