import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue #30 item 1: one write path for sources. Only services/sauces/write.ts (and the SQL of
 * its rows, ./rows.ts) inserts into `sauces` or changes a source's link (`link`, `link_key`):
 * a plain scan of the API's sources (tests and their helpers, which seed rows, aside), tried
 * first on bad snippets.
 */
const src = path.resolve(import.meta.dirname, '../..');
const WRITE_PATH = 'services/sauces/write.ts';
const ROWS = 'services/sauces/rows.ts';

/**
 * Known writes outside the write path, each with its reason; the test fails when one is
 * gone too (remove it here).
 */
const ALLOWED = new Map([
  // Keys the links saved before `link_key` existed (migration 0016), rows whose key is null,
  // with the same linkKey; it changes no link. (It runs from jobs/index.ts at start.)
  ['services/duplicates.ts: UPDATE sauces … SET link_key', 'the start-up backfill of missing link keys'],
]);

/** What in `code` inserts a source or changes a source's link. */
export function sauceWrites(code: string): string[] {
  const found: string[] = [];
  if (/\binsert\(\s*(?:\w+\.)?sauces\s*\)/.test(code)) found.push('insert(sauces)');
  if (/\bINSERT\s+INTO\s+"?sauces"?(?![\w"])/i.test(code)) found.push('INSERT INTO sauces');
  // drizzle: the object of `.update(sauces).set(…)` naming the link, its key, or spreading anything (which may carry them).
  for (const m of code.matchAll(/\.update\(\s*(?:\w+\.)?sauces\s*\)\s*\.set\(([\s\S]*?)\)\s*\.where\(/g)) {
    if (/\b(?:link|linkKey)\s*[:,}]|\.\.\./.test(m[1]!)) found.push('update(sauces).set({ link… })');
  }
  // SQL: the SET list of an UPDATE of sauces (up to its WHERE, FROM or the statement's end).
  for (const m of code.matchAll(/\bUPDATE\s+"?sauces"?(?:\s+(?!SET\b)\w+)?\s+SET\b([\s\S]*?)(?:\bWHERE\b|\bFROM\b|\bRETURNING\b|`|;|$)/gi)) {
    for (const column of m[1]!.matchAll(/(?:^|[\s,(.])(link|link_key)\s*=(?!=)/gi)) found.push(`UPDATE sauces … SET ${column[1]!.toLowerCase()}`);
  }
  return found;
}

/** The API's source files (paths from src/), tests and test helpers left out. */
function sourceFiles(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    const rel = path.relative(src, full).split(path.sep).join('/');
    if (d.isDirectory()) return rel === 'test' || d.name === 'node_modules' || d.name === '__fixtures__' ? [] : sourceFiles(full);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [rel] : [];
  });
}

describe('the write path of sources (issue #30 item 1)', () => {
  it('finds inserts and link changes in bad code', () => {
    expect(sauceWrites('await tx.insert(sauces).values({ title })')).toEqual(['insert(sauces)']);
    expect(sauceWrites('db.insert(schema.sauces).values(rows)')).toEqual(['insert(sauces)']);
    expect(sauceWrites('sql`INSERT INTO sauces (title) VALUES (${t})`')).toEqual(['INSERT INTO sauces']);
    expect(sauceWrites('tx.update(sauces).set({ title, link: url }).where(eq(sauces.id, id))')).toHaveLength(1);
    expect(sauceWrites('tx.update(sauces).set({ ...columns }).where(eq(sauces.id, id))')).toHaveLength(1);
    expect(sauceWrites('sql`UPDATE sauces SET title = ${t}, link = ${l} WHERE id = ${id}`')).toEqual(['UPDATE sauces … SET link']);
    expect(sauceWrites('sql`UPDATE sauces s SET link_key = v.k FROM x`')).toEqual(['UPDATE sauces … SET link_key']);
    // What may be written elsewhere: other columns, the preview's and health's own, reads by link.
    expect(sauceWrites('sql`UPDATE sauces SET link_title = ${t}, link_status = \'ready\' WHERE link = ${l}`')).toEqual([]);
    expect(sauceWrites('tx.update(sauces).set({ isShareEnabled: false }).where(eq(sauces.id, id))')).toEqual([]);
    expect(sauceWrites('sql`INSERT INTO sauce_tags (sauce_id) VALUES (1)`')).toEqual([]);
  });

  it('is the only place that inserts sources or changes their link', () => {
    const files = sourceFiles();
    expect(files).toContain(WRITE_PATH);
    expect(files).toContain(ROWS);
    const writes = files.filter((f) => f !== WRITE_PATH && f !== ROWS).flatMap((f) => sauceWrites(readFileSync(path.join(src, f), 'utf8')).map((w) => `${f}: ${w}`));
    expect(writes.filter((w) => !ALLOWED.has(w))).toEqual([]);
    expect([...ALLOWED.keys()].filter((w) => !writes.includes(w))).toEqual([]);
    expect(sauceWrites(readFileSync(path.join(src, WRITE_PATH), 'utf8'))).not.toEqual([]);
    // The rows' SQL is the write path's own: nothing else imports it.
    const importsRows = (f: string) => (f.startsWith('services/sauces/') ? /from '\.\/rows\.ts'/ : /from '[^']*\/sauces\/rows\.ts'/).test(readFileSync(path.join(src, f), 'utf8'));
    expect(files.filter((f) => f !== WRITE_PATH && importsRows(f))).toEqual([]);
    expect(importsRows(WRITE_PATH)).toBe(true);
  });
});
