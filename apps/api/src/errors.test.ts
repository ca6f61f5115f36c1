import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

/** Issues #9 and #18 item 5: which database failures answer 503 with Retry-After. */
describe('isDatabaseUnavailable', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  /** As drizzle throws it: a query error wrapping node-postgres's. */
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert into …'), { cause });

  it.each([
    ['57P01 admin_shutdown (pg_terminate_backend, a fast shutdown)', pgError('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash_shutdown', pgError('57P02')],
    ['57P03 cannot_connect_now (starting up)', pgError('57P03', 'the database system is starting up')],
    ['57014 statement timeout', pgError('57014')],
    ['08006 connection_failure', pgError('08006')],
    ['08P01 protocol_violation, class 08', pgError('08P01')],
    ['53300 too many connections', pgError('53300')],
    ['ECONNREFUSED', pgError('ECONNREFUSED')],
    ['ECONNRESET', pgError('ECONNRESET')],
    ['EPIPE', pgError('EPIPE')],
    ['a connection that dropped', new Error('Connection terminated unexpectedly')],
    ['a client used after its connection dropped', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['the pool closed for a stop', new Error('Cannot use a pool after calling end on the pool')],
  ])('%s, bare or wrapped: yes', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a foreign key violation', pgError('23503')],
    ['invalid text', pgError('22021')],
    ['any other error', new Error('boom')],
  ])('%s: no', (_name, err) => {
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });
});
