import { errorMessage } from './error-message';

/** The server's own message for a failed call, to show under a failure toast's title; undefined when it sent none. */
export function serverDetail(error: unknown): string | undefined {
  return errorMessage(error, '') || undefined;
}
