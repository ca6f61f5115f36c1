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
