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
