import type { DomainEvents, EventBus, EventName } from './events';

/** Events kept for a slow consumer before the oldest are dropped (live updates are hints to refetch). */
const MAX_BUFFERED = 1000;

/** Starts delivering events to `listener`; returns the function that stops it. */
export type Listen<T> = (listener: (payload: T) => void) => () => void;

/**
 * One topic's events for one key (a user, a creator) as listeners: the topic has a single bus
 * listener that hands each event to the listeners of the keys it names. A server with thousands of
 * open dashboards then does a map lookup per event, not a call to every subscriber's filter.
 */
export function keyedEvents<E extends EventName>(
  bus: EventBus,
  event: E,
  keysOf: (payload: DomainEvents[E]) => readonly string[],
): (key: string) => Listen<DomainEvents[E]> {
  type Listener = (payload: DomainEvents[E]) => void;
  const byKey = new Map<string, Set<Listener>>();
  let stopBus: (() => void) | null = null;
  const dispatch = (payload: DomainEvents[E]) => {
    for (const key of new Set(keysOf(payload))) {
      for (const listener of [...(byKey.get(key) ?? [])]) listener(payload);
    }
  };
  return (key) => (listener) => {
    let listeners = byKey.get(key);
    if (!listeners) byKey.set(key, (listeners = new Set()));
    listeners.add(listener);
    stopBus ??= bus.subscribe(event, dispatch);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && byKey.get(key) === listeners) byKey.delete(key);
      if (byKey.size === 0 && stopBus) {
        stopBus();
        stopBus = null;
      }
    };
  };
}

/**
 * Events as an async iterator (what a GraphQL subscription consumes). Listening starts at once;
 * `return()` (the client unsubscribed) stops it.
 */
export function eventStream<T>(listen: Listen<T>): AsyncIterableIterator<T> {
  const buffered: T[] = [];
  let waiting: ((r: IteratorResult<T>) => void) | null = null;
  let done = false;

  const unsubscribe = listen((payload) => {
    if (done) return;
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve({ value: payload, done: false });
      return;
    }
    buffered.push(payload);
    if (buffered.length > MAX_BUFFERED) buffered.shift();
  });

  const finish = (): Promise<IteratorResult<T>> => {
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
