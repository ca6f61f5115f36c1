import { type SQL, sql } from 'drizzle-orm';
import { compiledStatement, type Tx } from '../../db/client.ts';
import { type LockForSaveRow, lockForSaveQuery } from '../../db/locks.ts';
import { COUNTER_SLOTS, sauces, sauceTypeEnum } from '../../db/schema.ts';
import { intArray } from './filing.ts';

/*
 * The SQL of new sources' rows, for the one write path of sources (./write.ts, issue #30):
 * nothing else imports it.
 */

/** A source's row as drizzle's schema types it. */
export type SauceInsert = typeof sauces.$inferInsert;

/**
 * The columns a new source's row is written with, the schema's (one renamed there fails the
 * type check here), each with its PostgreSQL type: one statement for one source or 1,000,
 * of arrays (`unnest`; drizzle's multi-row `values()` cost ten times the CPU: 1.3 s against
 * 0.1 s for 10,000 imported rows).
 */
const COLUMNS = {
  workspaceId: 'int4',
  authorId: 'int4',
  type: sauceTypeEnum.enumName,
  title: 'text',
  text: 'text',
  link: 'text',
  linkKey: 'text',
  linkTitle: 'text',
  linkDescription: 'text',
  linkImage: 'text',
  thumbnail: 'text',
  linkStatus: 'text',
  copyStatus: 'text',
  byteSize: 'int4',
  importKey: 'text',
  modeType: 'text',
  articleId: 'int4',
  summaryStatus: 'text',
  summary: 'text',
  summaryMethod: 'text',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
} as const satisfies { [K in keyof SauceInsert]?: string };
type Column = keyof typeof COLUMNS;
/** A new row: every written column (dates as ISO text, null: now). */
export type Row = { [K in Column]: K extends 'createdAt' | 'updatedAt' ? string | null : Exclude<SauceInsert[K], undefined> };
const COLUMN_KEYS = Object.keys(COLUMNS) as Column[];

/** Rows a statement writes at most (a parameter a column, whatever their number). */
export const ROWS_PER_STATEMENT = 1000;

/** The names of columns `keys`, for an INSERT's column list. */
const columnList = (keys: readonly Column[]) => sql.join(keys.map((k) => sql.identifier(sauces[k].name)), sql`, `);

/** What column `k` is written as from `value`: the dates, when null, are now. */
const written = (k: Column, value: SQL) => (k === 'createdAt' || k === 'updatedAt' ? sql`COALESCE(${value}, now())` : value);

/**
 * The parts of one statement writing `rows`: a column no row sets (all null) keeps its
 * default (null, or now() for the dates); one with the same value in every row is that value
 * once; the others are arrays (`unnest`), in order. `INSERT INTO sauces (columns) SELECT values
 * FROM rows ORDER BY v.o` writes them; `keyed`: they have import keys.
 */
function insertParts(rows: Row[]): { columns: SQL; values: SQL; rows: SQL; keyed: boolean } {
  const keys = COLUMN_KEYS.filter((k) => rows.some((r) => r[k] !== null));
  const arrays: SQL[] = [];
  const selected = keys.map((k) => {
    const type = sql.raw(COLUMNS[k]);
    const first = rows[0]![k];
    let value: SQL;
    if (rows.every((r) => r[k] === first)) value = sql`${first}::${type}`;
    else {
      const values = rows.map((r) => r[k]);
      arrays.push(COLUMNS[k] === 'int4' ? intArray(values as (number | null)[]) : sql`${sql.param(values)}::${type}[]`);
      value = sql.raw(`v.c${arrays.length - 1}`);
    }
    return written(k, value);
  });
  return {
    columns: columnList(keys),
    values: sql.join(selected, sql`, `),
    rows: arrays.length
      ? sql`unnest(${sql.join(arrays, sql`, `)}) WITH ORDINALITY AS v(${sql.raw(arrays.map((_, i) => `c${i}`).join(', '))}, o)`
      : sql`generate_series(1, ${rows.length}) AS v(o)`,
    keyed: keys.includes('importKey'),
  };
}

/**
 * Writes `rows` in one statement ({@link insertParts}).
 * @returns each one's id, null for one whose import key the space holds.
 */
export async function insertRows(tx: Tx, rows: Row[]): Promise<(number | null)[]> {
  const { columns, values, rows: from, keyed } = insertParts(rows);
  const { rows: made } = await tx.execute<{ id: number; key: string | null }>(sql`
    INSERT INTO ${sauces} (${columns}) SELECT ${values} FROM ${from} ORDER BY v.o
    ${keyed ? sql`ON CONFLICT (${sql.identifier(sauces.workspaceId.name)}, ${sql.identifier(sauces.importKey.name)}) WHERE ${sql.identifier(sauces.importKey.name)} IS NOT NULL DO NOTHING` : sql``}
    RETURNING ${sql.identifier(sauces.id.name)} AS id, ${sql.identifier(sauces.importKey.name)} AS key`);
  if (!keyed) return made.map((r) => r.id);
  const idOf = new Map(made.map((r) => [r.key, r.id]));
  return rows.map((r) => idOf.get(r.importKey) ?? null);
}

/**
 * The save of one source (./write.ts SauceWriter.saveOne, issue #29), one statement compiled
 * once (db/client.ts compiledStatement): lock_for_save's locks, the role and the space's count
 * (db/locks.ts lockForSaveQuery), then the source's row when the role may save into the space
 * (`personalRoles` or `teamRoles`) and the plan has room (`limit`, null: unlimited). Every
 * column is written: those a row leaves null have no other default, and the dates default to now.
 */
export const saveOneStatement = compiledStatement<Column | 'limit' | 'personalRoles' | 'teamRoles', LockForSaveRow & { id: number | null }>((value) => {
  const limit = sql`${value('limit')}::int`;
  const values = COLUMN_KEYS.map((k) => written(k, sql`${value(k)}::${sql.raw(COLUMNS[k])}`));
  return sql`
    WITH l AS MATERIALIZED (${lockForSaveQuery(value('workspaceId'), value('authorId'), value('link'), value('limit'))}),
    made AS (
      INSERT INTO ${sauces} (${columnList(COLUMN_KEYS)}) SELECT ${sql.join(values, sql`, `)} FROM l
      WHERE l.permission = ANY(CASE WHEN l.is_personal THEN ${value('personalRoles')}::text[] ELSE ${value('teamRoles')}::text[] END)
        AND (${limit} IS NULL OR l.sources + CASE WHEN l.exclusive THEN 1 ELSE ${COUNTER_SLOTS} END <= ${limit})
      RETURNING ${sql.identifier(sauces.id.name)} AS id)
    SELECT l.*, (SELECT id FROM made) AS id FROM l`;
});

