import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors';
import { asUnavailable, isDatabaseUnavailableError } from '../availability';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('which errors mean "the database cannot be reached"', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['refused on IPv4 and IPv6 (AggregateError)', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '')],
    ['a lost connection (pg)', new Error('Connection terminated unexpectedly')],
    ['the server shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['the server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a postmaster that died', new Error('terminating connection due to unexpected postmaster exit')],
    ['the pool giving up', Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' })],
    ['one wrapped by the ORM', Object.assign(new Error('query failed'), { cause: withCode('ECONNREFUSED') })],
  ])('%s is', (_what, err) => {
    expect(isDatabaseUnavailableError(err)).toBe(true);
    const mapped = asUnavailable(err);
    expect(mapped).toBeInstanceOf(DomainError);
    expect(mapped).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503, retryAfterSeconds: 5 });
  });

  it.each([
    ['a NUL in a query (08P01, the client\'s input)', withCode('08P01', 'invalid message format \u0000')],
    ['a unique violation', withCode('23505')],
    ['bad data (22P02)', withCode('22P02')],
    ['a domain error', new DomainError('NOT_FOUND', 'Booking not found')],
    ['a plain bug', new TypeError('x is undefined')],
  ])('%s is not', (_what, err) => {
    expect(isDatabaseUnavailableError(err)).toBe(false);
    expect(asUnavailable(err)).toBe(err);
  });
});
