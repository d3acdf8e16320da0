import DataLoader from 'dataloader';

/** Per-request DataLoader cache: one loader per key per request, created on first use. */
export type LoaderCache = Map<string, DataLoader<any, any>>;

export function perRequestLoader<K, V>(
  ctx: { loaders: LoaderCache },
  key: string,
  batch: (keys: readonly K[]) => Promise<ArrayLike<V | Error>>,
  options?: DataLoader.Options<K, V, any>,
): DataLoader<K, V> {
  let loader = ctx.loaders.get(key) as DataLoader<K, V> | undefined;
  if (!loader) {
    loader = new DataLoader<K, V>(batch, options);
    ctx.loaders.set(key, loader);
  }
  return loader;
}

/**
 * A read by keys that every caller in the same turn of the event loop shares: the keys asked for
 * until the turn ends (setImmediate) go out in one statement, run through the first caller's `via`
 * (e.g. its EntityManager), and each caller gets back the rows of its own keys (the same row object
 * when two callers ask for the same key). Unlike a DataLoader it keeps nothing once the statement
 * ran: a caller in a later turn reads afresh, so nobody gets a row read before they asked. Only for
 * reads outside any transaction (the statement may run on another caller's connection). For reads
 * that many unrelated contexts make at once (a live event's deliveries, each event on its own
 * EntityManager): a server that falls behind receives its events in bursts, and one statement then
 * serves the burst instead of one per event.
 */
export function turnBatchedRead<V, K, Row>(
  read: (via: V, keys: K[]) => Promise<Row[]>,
  keyOf: (row: Row) => K,
): (via: V, keys: readonly K[]) => Promise<Row[]> {
  type Batch = { keys: Set<K>; rows: Promise<Map<K, Row>> };
  let open: Batch | null = null;
  return async (via, keys) => {
    let batch = open;
    if (!batch) {
      const keysOfBatch = new Set<K>();
      const started: Batch = {
        keys: keysOfBatch,
        rows: new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
          if (open === started) open = null;
          return new Map((await read(via, [...keysOfBatch])).map((row) => [keyOf(row), row]));
        }),
      };
      open = batch = started;
    }
    for (const key of keys) batch.keys.add(key);
    const byKey = await batch.rows;
    return keys.flatMap((key) => {
      const row = byKey.get(key);
      return row === undefined ? [] : [row];
    });
  };
}
