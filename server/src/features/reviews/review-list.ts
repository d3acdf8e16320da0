import { decodeCursor, pageWindow, UUID_RE, type PageWindow } from '../../platform/shared/pagination';

/**
 * A creator's review list (`reviews`, REST `GET .../reviews`): what the service and the compiled
 * read (reviews.compiled.ts) share, so both page the same way and refuse the same arguments.
 */

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** The page asked: Relay `first`/`after` (cursor: `[created_at::text, id]`) or REST `page`/`limit`; BAD_USER_INPUT when invalid. */
export const reviewWindow = (args: { first?: unknown; after?: unknown; page?: unknown; limit?: unknown }): PageWindow =>
  pageWindow(args, 10, (cursor) =>
    decodeCursor(cursor, (p) => p.length === 2 && typeof p[0] === 'string' && TIMESTAMP_TEXT.test(p[0]) && typeof p[1] === 'string' && UUID_RE.test(p[1])),
  );

/**
 * Reviews newest first after a cursor, on a row `<alias>` of reviews (`created_at`, `id`); its
 * parameters, in order, from the cursor.
 */
export function afterReview(alias: string, after: unknown[]): { sql: string; params: unknown[] } {
  const [createdKey, id] = after;
  return {
    sql: `(${alias}.created_at < ?::timestamptz or (${alias}.created_at = ?::timestamptz and ${alias}.id < ?))`,
    params: [createdKey, createdKey, id],
  };
}

/** The review order of lists (newest first), on a row `<alias>`. */
export const REVIEW_ORDER = (alias: string) => `${alias}.created_at desc, ${alias}.id desc`;
