import { z } from 'zod';
import { badInput } from './errors';

/** Relay-style page of results; GraphQL connections and REST lists are built from it. */
export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

export const MAX_PAGE_SIZE = 50;

/** A page request: cursor mode (`first`/`after`, GraphQL) or page mode (`page`/`limit`, REST). */
export type PageWindow = { mode: 'cursor'; size: number; after: unknown[] | null } | { mode: 'offset'; size: number; offset: number };

const wholeNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** Validates `first` (1..50); more than 50 is refused rather than silently cut. */
export function pageSize(first: unknown, fallback: number, field = 'first'): number {
  const value = first === undefined || first === null ? fallback : wholeNumber(first);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_PAGE_SIZE) {
    throw badInput(`${field} must be a whole number from 1 to ${MAX_PAGE_SIZE}`, field);
  }
  return value;
}

const atLeastOne = (field: string) => {
  const message = `${field} must be a whole number of at least 1`;
  return z.preprocess(wholeNumber, z.number({ error: message }).min(1, message).refine(Number.isInteger, message)).optional();
};
const PageParams = z.object({ page: atLeastOne('page'), limit: atLeastOne('limit') });

/**
 * Turns `{first, after}` or `{page, limit}` into one window. REST page sizes above 50 are cut
 * to 50 (the list is still correct, just shorter); GraphQL's `first` above 50 is an error.
 */
export function pageWindow(
  args: { first?: unknown; after?: unknown; page?: unknown; limit?: unknown },
  fallback: number,
  decode: (cursor: string) => unknown[],
): PageWindow {
  if (args.page !== undefined || args.limit !== undefined) {
    const parsed = PageParams.safeParse({ page: args.page, limit: args.limit });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badInput(issue.message, String(issue.path[0]));
    }
    const size = Math.min(parsed.data.limit ?? fallback, MAX_PAGE_SIZE);
    return { mode: 'offset', size, offset: ((parsed.data.page ?? 1) - 1) * size };
  }
  const size = pageSize(args.first, fallback);
  const after = args.after === undefined || args.after === null || args.after === '' ? null : decode(String(args.after));
  return { mode: 'cursor', size, after };
}

/** Opaque cursor: base64url of a JSON array (sort key parts, then the id). */
export const encodeCursor = (parts: unknown[]): string => Buffer.from(JSON.stringify(parts)).toString('base64url');

/** Decodes a cursor made by encodeCursor and checks its shape; anything else is BAD_USER_INPUT. */
export function decodeCursor(cursor: string, valid: (parts: unknown[]) => boolean): unknown[] {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parts = null;
  }
  if (!Array.isArray(parts) || !valid(parts)) throw badInput('Invalid cursor: pass the endCursor of a previous page', 'after');
  return parts;
}

/** Builds a connection from `size + 1` fetched rows (the extra row only tells whether more exist). */
export function toConnection<T>(rows: T[], size: number, totalCount: number, cursorOf: (row: T) => string): Connection<T> {
  const page = rows.slice(0, size);
  const edges = page.map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    pageInfo: { hasNextPage: rows.length > size, endCursor: edges.at(-1)?.cursor ?? null },
    totalCount,
  };
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
