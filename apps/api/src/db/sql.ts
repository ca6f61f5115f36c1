import { sql } from 'drizzle-orm';

/** Escapes `%`, `_` and `\` for a LIKE/ILIKE pattern (PostgreSQL's default escape `\`). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SQL text formatting a timestamptz `column` as the API writes times: what
 * `Date#toISOString` gives (UTC, milliseconds, microseconds truncated as JavaScript does).
 * Formatted by PostgreSQL, so no Date is parsed and re-formatted per row.
 */
export const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** {@link isoUtc} as a drizzle fragment. */
export const isoUtcSql = (column: string) => sql.raw(isoUtc(column));

/** The PostgreSQL error a driver error carries: its SQLSTATE and, for constraint errors, the constraint. */
export interface PgErrorInfo {
  code: string;
  constraint?: string;
}

/**
 * The PostgreSQL error in `err` or in an error it wraps (drizzle wraps the driver's as
 * `cause`), or undefined when there is none.
 */
export function pgError(err: unknown): PgErrorInfo | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    // SQLSTATEs are five characters; Node's own codes (ECONNRESET) are not.
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
  }
  return undefined;
}
