import type { DomainEvents, EventBus, EventName } from './events';

/** Events kept for a slow consumer before the oldest are dropped (live updates are hints to refetch). */
const MAX_BUFFERED = 1000;

/**
 * The events of one topic as an async iterator (what a GraphQL subscription consumes).
 * Listening starts at once; `return()` (the client unsubscribed) stops it.
 */
export function eventStream<E extends EventName>(
  bus: EventBus,
  event: E,
  filter: (payload: DomainEvents[E]) => boolean = () => true,
): AsyncIterableIterator<DomainEvents[E]> {
  const buffered: DomainEvents[E][] = [];
  let waiting: ((r: IteratorResult<DomainEvents[E]>) => void) | null = null;
  let done = false;

  const unsubscribe = bus.subscribe(event, (payload) => {
    if (done || !filter(payload)) return;
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve({ value: payload, done: false });
      return;
    }
    buffered.push(payload);
    if (buffered.length > MAX_BUFFERED) buffered.shift();
  });

  const finish = (): Promise<IteratorResult<DomainEvents[E]>> => {
    if (!done) {
      done = true;
      unsubscribe();
      buffered.length = 0;
      waiting?.({ value: undefined, done: true });
      waiting = null;
    }
    return Promise.resolve({ value: undefined, done: true });
  };

  return {
    next() {
      if (buffered.length > 0) return Promise.resolve({ value: buffered.shift()!, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    return: finish,
    throw: (err?: unknown) => finish().then(() => Promise.reject(err)),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * Maps each item of a stream (async, e.g. a database read); items mapped to null are skipped.
 * Unlike an async generator, `return()` ends the source at once even while waiting for an item.
 */
export function mapStream<T, U>(source: AsyncIterator<T>, fn: (item: T) => Promise<U | null>): AsyncIterableIterator<U> {
  const next = async (): Promise<IteratorResult<U>> => {
    for (;;) {
      const item = await source.next();
      if (item.done) return { value: undefined, done: true };
      const mapped = await fn(item.value);
      if (mapped !== null) return { value: mapped, done: false };
    }
  };
  const end = async (): Promise<IteratorResult<U>> => {
    await source.return?.();
    return { value: undefined, done: true };
  };
  return {
    next,
    return: end,
    throw: (err?: unknown) => end().then(() => Promise.reject(err)),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
