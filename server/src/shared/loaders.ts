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

/** Rows a parent's own statement already fetched for a child field, for the `size` it fetched. */
export interface Prefetched<T> {
  size: number;
  items: T[];
}
