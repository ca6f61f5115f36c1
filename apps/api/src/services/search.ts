import type pg from 'pg';
import type { Db } from '../db/client.ts';
import { escapeLike } from '../db/sql.ts';
import { SearchTooCostlyError, ServiceUnavailableError } from '../errors.ts';
import { readSnippet, type Snippet, snippetOf } from './search-snippet.ts';

/**
 * Most words a search keeps (issue #28 item 3): English words and Korean runs together, after
 * the duplicates and the words implied by others are dropped (see {@link searchTerms}); words
 * past the eighth are not searched for.
 */
export const SEARCH_MAX_WORDS = 8;

/**
 * How many of a search's matches are ranked (issue #28 item 3): the most recently saved
 * (highest id) this many, by relevance; the matches older than those follow them, newest
 * first, unranked. Ranking reads each ranked source's whole `tsvector`, so this bounds what a
 * search reads beyond its index, whatever its words and however many sources they match.
 */
export const SEARCH_RANKED = 200;

/**
 * What a search reads (issue #21 item 3), resolved once per query: the English words as a
 * prefix tsquery of their stems ('designing' → `'design':*`, so design, designs and
 * designing find one another), each Korean run as the syllable pairs it must contain (and
 * the run itself, checked in the text: 최적화 finds 최적화의 and 검색엔진최적화), and, when
 * the query has neither (only punctuation, only stop words), the text as a substring.
 */
export interface SearchTerms {
  /** A tsquery (text form) over `sauce_search.tsv`, or null when the query has no English-side word. */
  tsquery: string | null;
  /** Hangul runs of the query with their syllable pairs (a one-syllable run: the syllable). */
  hangul: { run: string; grams: string[] }[];
  /** A substring to match in `sauce_search.doc` when nothing else can (ILIKE pattern, escaped), else null. */
  like: string | null;
  /** Lower-case words to mark in results: the stems and the Hangul runs. */
  highlight: string[];
  /**
   * What a title must contain to rank first (ILIKE pattern, escaped): the text as typed, or,
   * when words were dropped (issue #28 item 3), the words kept, in their order.
   */
  title: string;
}

const HANGUL = /[가-힣]+/g;
/** Words of other scripts (Latin, digits, …): letters and digits only, so no tsquery syntax gets through. */
const WORD = /[\p{L}\p{N}]+/gu;
/** Distinct English-side words of a query whose stems are asked for at most (a 200-character query has at most 100). */
const MAX_ASKED = 32;

/** The syllable pairs of a Hangul run (a one-syllable run: the syllable), as SQL sauce_grams splits a source's text. */
function gramsOf(run: string): string[] {
  const chars = Array.from(run);
  return [...new Set(chars.length === 1 ? chars : chars.slice(1).map((c, i) => chars[i]! + c))];
}

/** The Hangul runs of `text` with their syllable pairs, each run once. */
export function hangulRuns(text: string): { run: string; grams: string[] }[] {
  return [...new Set(text.match(HANGUL) ?? [])].map((run) => ({ run, grams: gramsOf(run) }));
}

/**
 * `terms` without repeats and without the terms `within` another of them (issue #28 item 3),
 * in their first order: `within(short, long)` says that whatever `long` finds, `short` finds
 * too, so searching for both costs more and finds nothing more. For English stems searched as
 * prefixes that is `long.startsWith(short)` ('d', 'de', 'des' → 'des'); for Korean runs,
 * matched anywhere in the text, `long.includes(short)`.
 */
export function mostSpecific(terms: readonly string[], within: (short: string, long: string) => boolean): string[] {
  const unique = [...new Set(terms)];
  return unique.filter((t) => !unique.some((u) => u !== t && within(t, u)));
}

/** A word of a search text: where it first is, and how many times it is there. */
export interface SearchWord {
  word: string;
  at: number;
  count: number;
}

/**
 * The words of a search text as a search reads them (issue #28 item 3): in Unicode NFC and
 * lower case; the Korean (Hangul) runs apart, none that is part of another; the other words
 * (letters and digits) at most 32, in their order; each once, with where it first is and
 * how many times the text has it (`hangulCount`: the Korean runs the text has, all of them;
 * `moreWords`: it has more than 32 different other words).
 */
export function searchWords(text: string): { words: SearchWord[]; hangul: SearchWord[]; hangulCount: number; moreWords: boolean } {
  const normal = text.normalize('NFC').toLowerCase();
  const count = (matches: RegExpMatchArray[]) => {
    const out = new Map<string, SearchWord>();
    for (const m of matches) {
      const w = out.get(m[0]);
      if (w) w.count++;
      else out.set(m[0], { word: m[0], at: m.index!, count: 1 });
    }
    return [...out.values()];
  };
  const runs = count([...normal.matchAll(HANGUL)]);
  const kept = new Set(mostSpecific(runs.map((r) => r.word), (short, long) => long.includes(short)));
  const hangul = runs.filter((r) => kept.has(r.word));
  // Korean runs blanked out (same length: the places stay those of the text).
  const words = count([...normal.replace(HANGUL, (run) => ' '.repeat(run.length)).matchAll(WORD)]);
  return {
    words: words.slice(0, MAX_ASKED),
    hangul,
    hangulCount: runs.reduce((n, r) => n + r.count, 0),
    moreWords: words.length > MAX_ASKED,
  };
}

/** Something to send a statement to: the pool, or one of its connections (a search's transaction). */
export interface Queryable {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

/**
 * Resolves a search text (at most 200 characters: SauceListQuery.search) into
 * {@link SearchTerms}, asking PostgreSQL for each English word's stem (one round trip,
 * ~0.3 ms). Issue #28 item 3: a search costs what its answer costs, whatever words it is
 * given — repeated words are searched for once; a word whose stem starts another word's stem
 * is dropped (searched as prefixes, 'd de des' finds what 'des' finds, 'design designs
 * designing' what 'design' does), as is a Korean run inside another; then at most
 * {@link SEARCH_MAX_WORDS} words are kept, in the query's order. The results are those of the
 * words kept, exactly: a dropped word finds every source they find.
 */
export async function searchTerms(db: Queryable, text: string): Promise<SearchTerms> {
  const { words, hangul: runs, hangulCount, moreWords } = searchWords(text);
  /**
   * An English-side term: a stem (`stem` set) searched as a prefix (`'stem':*`) or, for a word
   * of one character, as itself (`'x'`); or a word PostgreSQL splits (its whole query).
   */
  type English = { at: number; word: string; count: number; stem: string | null; query: string; lexemes: string[] };
  type Korean = { at: number; word: string; run: { run: string; grams: string[] } };
  const english: English[] = [];
  if (words.length) {
    const { rows } = await db.query<{ q: string; lexemes: string[] }>({
      name: 'search-terms',
      // Each word quoted for to_tsquery (letters and digits only), as a prefix; a word of one
      // character as itself (as a prefix it would read the index entries of every word
      // starting with it, in every space, to match nearly every source).
      text: `SELECT to_tsquery('english', t.q)::text AS q, ARRAY(SELECT lexeme FROM unnest(to_tsvector('english', t.w))) AS lexemes
        FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(w, q, i) ORDER BY t.i`,
      values: [words.map((w) => w.word), words.map((w) => (Array.from(w.word).length > 1 ? `'${w.word}':*` : `'${w.word}'`))],
    });
    rows.forEach((r, i) => {
      // A stop word gives nothing.
      if (r.q) english.push({ ...words[i]!, stem: /^'([^'\\]+)'(?::\*)?$/.exec(r.q)?.[1] ?? null, query: r.q, lexemes: r.lexemes });
    });
  }
  // A word of one character is dropped as a prefix would be: 'd' before 'des' asks nothing more.
  const specific = new Set(mostSpecific(english.flatMap((e) => (e.stem === null ? [] : [e.stem])), (short, long) => long.startsWith(short)));
  const seen = new Set<string>();
  const kept: (English | Korean)[] = [
    // Of each stem kept, its first word; each split word once.
    ...english.filter((e) => (e.stem === null || specific.has(e.stem)) && !seen.has(e.query) && seen.add(e.query)),
    ...runs.map((r) => ({ at: r.at, word: r.word, run: { run: r.word, grams: gramsOf(r.word) } })),
  ]
    .sort((a, b) => a.at - b.at)
    .slice(0, SEARCH_MAX_WORDS);
  const terms = kept.flatMap((k) => ('query' in k ? [k] : []));
  const hangul = kept.flatMap((k) => ('run' in k ? [k.run] : []));
  const tsquery = terms.length ? terms.map((t) => (t.stem === null ? `(${t.query})` : t.query)).join(' & ') : null;
  const like = !tsquery && hangul.length === 0 ? text.trim().toLowerCase() : null;
  // Nothing dropped (stop words aside): the title is matched as typed; else by the words kept.
  const said = english.reduce((n, e) => n + e.count, 0) + hangulCount;
  const typed = kept.length === said && !moreWords ? text.trim() : kept.map((k) => k.word).join(' ');
  return {
    tsquery,
    hangul,
    like: like ? `%${escapeLike(like)}%` : null,
    highlight: [...new Set([...terms.flatMap((t) => t.lexemes), ...hangul.map((h) => h.run), ...(like ? [like] : [])])],
    title: `%${escapeLike(typed)}%`,
  };
}

/**
 * Most sources a substring search reads (issue #28 item 3): a query of punctuation or stop
 * words only ({@link SearchTerms.like}) has no index to read, so it looks in the space's
 * newest this many sources (by saving time), not in every one's whole text.
 */
export const SEARCH_SUBSTRING_SAUCES = 1_000;

/**
 * The rows of `sauce_search` as `x` that a search of `terms` reads in the space whose id is
 * the SQL `space`: the search table itself, or, for a substring search, its entries of the
 * space's newest {@link SEARCH_SUBSTRING_SAUCES} sources (read from the space's list index,
 * each entry by its key: `OFFSET 0` keeps the planner from checking every row of the table).
 */
export function searchedRows(terms: SearchTerms, space: string): string {
  if (!terms.like) return 'sauce_search x';
  return `(SELECT n.id FROM sauces n WHERE n.workspace_id = ${space} ORDER BY n.created_at DESC, n.id DESC LIMIT ${SEARCH_SUBSTRING_SAUCES}) n
    CROSS JOIN LATERAL (SELECT * FROM sauce_search x1 WHERE x1.sauce_id = n.id OFFSET 0) x`;
}

/**
 * The conditions a source's `sauce_search` row (`x`) meets to match `terms` (SQL; each value
 * appended by `$`, which returns its placeholder), besides its space. The words and the
 * Korean pairs are given as sub-selects, so that the planner plans by the space's size rather
 * than by how common they are (issue #28 item 3): a space of thousands is read from the GIN
 * indexes, a small one by its few rows; a common word, or a prefix as short as 'd', otherwise
 * had it check every source of a large space, unpacking each one's `tsvector` — which its
 * estimates do not count: 3 s at 100,000 sources. A Korean run of one or two syllables is
 * its own pair (the index says it all); a longer one is checked in the text.
 */
export function searchConditions(terms: SearchTerms, $: (value: unknown) => string): string[] {
  const parts: string[] = [];
  if (terms.tsquery) parts.push(`x.tsv @@ (SELECT ${$(terms.tsquery)}::tsquery)`);
  const grams = terms.hangul.flatMap((h) => h.grams);
  if (grams.length) parts.push(`x.grams @> (SELECT ${$(grams)}::text[])`);
  for (const h of terms.hangul) if (Array.from(h.run).length > 2) parts.push(`x.doc ILIKE ${$(`%${escapeLike(h.run)}%`)}`);
  if (terms.like) parts.push(`x.doc ILIKE ${$(terms.like)}`);
  return parts;
}

/** How a search may use the database (issue #28 item 3; config SEARCH_STATEMENT_TIMEOUT_MS). */
export interface SearchLimits {
  /** Longest a search's statement may run before PostgreSQL cancels it, ms. */
  statementTimeoutMs: number;
}

/** The default: a search stopped after 3 s (the pool's other statements: DB_STATEMENT_TIMEOUT_MS, 15 s). */
export const DEFAULT_SEARCH_LIMITS: SearchLimits = { statementTimeoutMs: 3_000 };

/** A line of searches: how many run now and who waits for a turn. */
interface SearchLine {
  running: number;
  waiting: (() => void)[];
}
const lines = new WeakMap<pg.Pool, SearchLine>();

/**
 * Waits for a turn of `pool`'s searches: at most a quarter of its connections (at least one)
 * search at once, so that searches, however many arrive, leave the rest to everyone's other
 * requests (issue #28 item 3: 24 searches at once had other spaces' lists wait for a
 * connection until they answered 503). @returns the function that gives the turn back.
 * @throws SERVICE_UNAVAILABLE (503) when no turn came within `waitMs`.
 */
async function searchTurn(pool: pg.Pool, waitMs: number): Promise<() => void> {
  let line = lines.get(pool);
  if (!line) lines.set(pool, (line = { running: 0, waiting: [] }));
  const l = line;
  const turns = Math.max(1, Math.floor((pool.options.max ?? 10) / 4));
  if (l.running >= turns) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        l.waiting.splice(l.waiting.indexOf(go), 1);
        reject(ServiceUnavailableError('Many searches are running at once. Please try again in a moment.'));
      }, waitMs);
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      l.waiting.push(go);
    });
  } else {
    l.running++;
  }
  let given = false;
  return () => {
    if (given) return;
    given = true;
    // The turn passes to the first in line, else the line shortens.
    const next = l.waiting.shift();
    if (next) next();
    else l.running--;
  };
}

/** PostgreSQL's code for a statement cancelled (by statement_timeout here). */
const QUERY_CANCELED = '57014';

/**
 * Runs a search's statements (`run`, on one connection of `db`'s pool) in a read-only
 * transaction of their own (one snapshot for all) whose statements PostgreSQL cancels after
 * `limits.statementTimeoutMs` (issue #28 item 3: a search's own limit, shorter than the
 * pool's), once the pool's searches allow it ({@link searchTurn}).
 * @throws SERVICE_UNAVAILABLE (503) `details.reason` 'SEARCH_TOO_COSTLY' when the limit stopped
 *   it ('This search took too long…'), or when searches are busy; else `run`'s error.
 */
export async function runSearch<T>(db: Db, limits: SearchLimits, run: (client: Queryable) => Promise<T>): Promise<T> {
  const giveBack = await searchTurn(db.$client, limits.statementTimeoutMs);
  try {
    const client = await db.$client.connect();
    let broken: Error | undefined;
    try {
      await client.query(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL statement_timeout = ${Math.max(1, Math.round(limits.statementTimeoutMs))}`);
      const result = await run(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch((lost: Error) => (broken = lost));
      if ((e as { code?: unknown }).code === QUERY_CANCELED) throw SearchTooCostlyError(limits.statementTimeoutMs);
      throw e;
    } finally {
      // A connection that cannot roll back is dropped by the pool.
      client.release(broken);
    }
  } finally {
    giveBack();
  }
}

/** A hit of {@link searchEverywhere} with its space, as the route groups them. */
export interface GlobalHitRow {
  workspace_id: number;
  workspace_name: string;
  is_personal: boolean;
  id: number;
  type: 'TEXT' | 'IMAGE';
  title: string;
  link_title: string;
  link: string | null;
  snippet: Snippet | null;
}

/**
 * Issue #21 item 3, ⌘K: one search over every space `userId` belongs to — the list's search
 * ({@link searchTerms}: English word forms, Korean inside longer words, else a substring) —
 * whose cost is bounded: the person's memberships are read first (a space they left or never
 * joined is never read), then each space gives at most `perSpace` hits from its own entries
 * of the search indexes (ranked as the list ranks: a title match, then the words' weight,
 * among the space's newest {@link SEARCH_RANKED} matches: issue #28 item 3), of which the best
 * `limit` are kept. Each space's part of the statement names the space, so that PostgreSQL
 * plans it by that space's size (issue #28 item 3: planned for a space of average size, a
 * search of a team's 100,000 sources checked each one's text, 0.5–3 s). Runs as
 * {@link runSearch} does, under `limits`, in one snapshot.
 * @returns the hits, best first, with their space; the words to mark.
 * @throws SERVICE_UNAVAILABLE (503, `details.reason` 'SEARCH_TOO_COSTLY') when its limit stopped it.
 */
export async function searchEverywhere(
  db: Db,
  userId: number,
  q: { search: string; limit: number; perSpace: number },
  limits: SearchLimits = DEFAULT_SEARCH_LIMITS,
): Promise<{ rows: GlobalHitRow[]; highlight: string[] }> {
  return runSearch(db, limits, async (client) => {
    const terms = await searchTerms(client, q.search);
    const values: unknown[] = [q.perSpace, q.limit];
    const $ = (v: unknown) => `$${values.push(v)}`;
    const parts = searchConditions(terms, $);
    // Nothing to look for (the query was only spaces): nothing found.
    if (parts.length === 0) return { rows: [], highlight: [] };
    const { rows: spaces } = await client.query<{ id: number; name: string; is_personal: boolean }>({
      name: 'search-spaces',
      text: 'SELECT w.id, w.name, w.is_personal FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id WHERE m.user_id = $1',
      values: [userId],
    });
    if (spaces.length === 0) return { rows: [], highlight: terms.highlight };
    const inTitle = `(s.title ILIKE ${$(terms.title)})::int`;
    const rank = terms.tsquery ? `${inTitle} + ts_rank_cd(x.tsv, ${$(terms.tsquery)}::tsquery)` : inTitle;
    const snippet = terms.highlight.length ? snippetOf('h.id', $(terms.highlight)) : 'NULL';
    // Each space's newest matches by id (`+ 0`: never read in order from the primary key,
    // which would walk every space's rows), then those ranked.
    const perSpace = spaces.map((space) => {
      const ws = `${$(space.id)}::int`;
      return `(SELECT ${ws} AS workspace_id, s.id, s.type, s.title, s.link_title, s.link, ${rank} AS rank
        FROM (SELECT x.sauce_id FROM ${searchedRows(terms, ws)} WHERE x.workspace_id = ${ws} AND ${parts.join(' AND ')}
          ORDER BY x.sauce_id + 0 DESC LIMIT ${SEARCH_RANKED}) c
          JOIN sauce_search x ON x.sauce_id = c.sauce_id JOIN sauces s ON s.id = c.sauce_id
        ORDER BY rank DESC, s.id DESC
        LIMIT $1)`;
    });
    const text = `
      SELECT h.workspace_id, h.id, h.type, h.title, h.link_title, h.link, ${snippet} AS snippet
      FROM (${perSpace.join('\n      UNION ALL ')}) h
      ORDER BY h.rank DESC, h.id DESC
      LIMIT $2`;
    const { rows } = await client.query<Omit<GlobalHitRow, 'workspace_name' | 'is_personal' | 'snippet'> & { snippet: string | null }>({ text, values });
    const byId = new Map(spaces.map((w) => [w.id, w]));
    return {
      rows: rows.map((r) => ({
        ...r,
        snippet: readSnippet(r.snippet),
        workspace_name: byId.get(r.workspace_id)!.name,
        is_personal: byId.get(r.workspace_id)!.is_personal,
      })),
      highlight: terms.highlight,
    };
  });
}
