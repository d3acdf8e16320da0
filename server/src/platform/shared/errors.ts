/** Domain errors: services throw these; each transport maps the code once (GraphQL extensions.code, REST status). */
export const ErrorCodes = {
  UNAUTHENTICATED: 401,
  /** The account has two-step sign-in: the request needs a current code (features/auth/two-factor.ts). */
  TWO_FACTOR_REQUIRED: 401,
  FORBIDDEN: 403,
  /** The account's e-mail address is not verified yet, and the action needs it (the message says what to do). */
  EMAIL_NOT_VERIFIED: 403,
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  /** An upload past its size limit (refused while it arrives). */
  PAYLOAD_TOO_LARGE: 413,
  CONFLICT: 409,
  INVALID_TRANSITION: 409,
  PAYMENT_FAILED: 402,
  RATE_LIMITED: 429,
  /** The database is unreachable for now (db/availability.ts): try again after retryAfterSeconds. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ErrorCodes;

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** RATE_LIMITED, SERVICE_UNAVAILABLE: when the caller may try again (REST: Retry-After; GraphQL: extensions.retryAfterSeconds). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get httpStatus(): number {
    return ErrorCodes[this.code];
  }
}

export const unauthenticated = (message = 'User not authenticated') => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message = 'Forbidden') => new DomainError('FORBIDDEN', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const badInput = (message: string, field?: string) => new DomainError('BAD_USER_INPUT', message, field);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const rateLimited = (message: string, retryAfterSeconds: number) => new DomainError('RATE_LIMITED', message, undefined, retryAfterSeconds);
export const serviceUnavailable = (retryAfterSeconds: number) =>
  new DomainError('SERVICE_UNAVAILABLE', `The service is temporarily unavailable (its database cannot be reached); try again in ${retryAfterSeconds} seconds`, undefined, retryAfterSeconds);
export const invalidTransition = (message: string) => new DomainError('INVALID_TRANSITION', message);

/** PostgreSQL error codes we translate into domain errors. */
export const PG = { uniqueViolation: '23505', exclusionViolation: '23P01', foreignKeyViolation: '23503' } as const;

/**
 * PostgreSQL refused the data itself: class 22 "data exception" (a malformed uuid, a number out of
 * range…), or a NUL character in a query's text (the ORM inlines values, and the wire protocol
 * cannot carry NUL: 08P01). The client sent something no validator caught; transports answer
 * 400 "Invalid input" instead of a 500, and log it so the missing validation gets added.
 */
export function isInvalidDataError(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code?.startsWith('22')) return true;
  return code === '08P01' && String((err as { message?: unknown })?.message ?? '').includes('\u0000');
}

export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}
