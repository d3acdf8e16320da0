import type { z } from 'zod';
import { badInput } from './errors';

/**
 * Validates untrusted input with a zod schema and turns the first problem into a
 * BAD_USER_INPUT error that names the field. Services call this, so GraphQL and REST share it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join('.');
  const message = issue.message;
  // Our schemas carry complete messages (the spec's where it has one); zod's generic
  // type errors do not name the field, so we prefix it.
  const generic = issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'unrecognized_keys';
  const text = field && generic ? `${field}: ${message}` : message;
  throw badInput(text, field || undefined);
}

/** The path of the first text in `value` (an object, list or string) that holds a NUL character, or null. */
export function findNul(value: unknown, path: readonly string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [...path] : null;
  if (!value || typeof value !== 'object' || depth > 20) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * No text may carry a NUL character (PostgreSQL cannot store it): refuses the first one found with a
 * 400 naming its field (`bio`, `input.bio`, `tags.0`). Both transports call it on everything a
 * client sends (REST params, query and body; GraphQL variables and literals; WebSocket operations).
 */
export function assertNoNul(value: unknown, path: readonly string[] = []): void {
  const found = findNul(value, path);
  if (!found) return;
  const field = found.join('.');
  throw badInput(`${field || 'The request'} must not contain the NUL character (U+0000)`, field || undefined);
}
