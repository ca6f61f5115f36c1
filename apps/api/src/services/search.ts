import type { Db } from '../db/client.ts';

/**
 * A marked word as the snippet looks for it in the text (SQL over `w`): an English stem
 * without its final i or e (Snowball writes 'typography' as 'typographi', 'save' as 'save'
 * for 'saving'), so the snippet finds the word it came from.
 */
export const SNIPPET_WORD = `CASE WHEN length(w) > 3 THEN regexp_replace(w, '[ie]$', '') ELSE w END`;
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
}

const HANGUL = /[가-힣]+/g;
/** Words of other scripts (Latin, digits, …): letters and digits only, so no tsquery syntax gets through. */
const WORD = /[\p{L}\p{N}]+/gu;

/** The Hangul runs of `text` with their syllable pairs (SQL sauce_grams splits a source's text the same way). */
export function hangulRuns(text: string): { run: string; grams: string[] }[] {
  return [...new Set(text.match(HANGUL) ?? [])].map((run) => {
    const chars = Array.from(run);
    const grams = chars.length === 1 ? chars : chars.slice(1).map((c, i) => chars[i]! + c);
    return { run, grams: [...new Set(grams)] };
  });
}

/**
 * Resolves a search text (at most 200 characters: SauceListQuery.search) into
 * {@link SearchTerms}, asking PostgreSQL for the English stems (one round trip, ~0.2 ms).
 */
export async function searchTerms(db: Db, text: string): Promise<SearchTerms> {
  const hangul = hangulRuns(text);
  const words = (text.replace(HANGUL, ' ').match(WORD) ?? []).slice(0, 16).map((w) => w.toLowerCase());
  let tsquery: string | null = null;
  let stems: string[] = [];
  if (words.length) {
    const { rows } = await db.$client.query<{ q: string; stems: string[] }>({
      name: 'search-terms',
      text: `SELECT to_tsquery('english', $1)::text AS q, ARRAY(SELECT DISTINCT lexeme FROM unnest(to_tsvector('english', $2))) AS stems`,
      // Each word quoted for to_tsquery (letters and digits only), as a prefix.
      values: [words.map((w) => `'${w}':*`).join(' & '), words.join(' ')],
    });
    tsquery = rows[0]!.q || null;
    stems = rows[0]!.stems;
  }
  const like = !tsquery && hangul.length === 0 ? text.trim().toLowerCase() : null;
  return {
    tsquery,
    hangul,
    like: like ? `%${like.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    highlight: [...new Set([...stems, ...hangul.map((h) => h.run), ...(like ? [like] : [])])],
  };
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
  snippet: string | null;
}

/**
 * Issue #21 item 3, ⌘K: one search over every space `userId` belongs to — the list's search
 * ({@link searchTerms}: English word forms, Korean inside longer words, else a substring) —
 * in one statement whose cost is bounded: the person's memberships are read in SQL (a space
 * they left or never joined is never read), and each space gives at most `perSpace` hits
 * from its own entries of the search indexes (ranked as the list ranks: a title match, then
 * the words' weight), of which the best `limit` are kept.
 * @returns the hits, best first, with their space; the words to mark.
 */
export async function searchEverywhere(
  db: Db,
  userId: number,
  q: { search: string; limit: number; perSpace: number },
): Promise<{ rows: GlobalHitRow[]; highlight: string[] }> {
  const terms = await searchTerms(db, q.search);
  const values: unknown[] = [userId, q.perSpace, q.limit];
  const $ = (v: unknown) => `$${values.push(v)}`;
  const parts = ['x.workspace_id = sp.workspace_id'];
  if (terms.tsquery) parts.push(`x.tsv @@ ${$(terms.tsquery)}::tsquery`);
  const grams = terms.hangul.flatMap((h) => h.grams);
  if (grams.length) parts.push(`x.grams @> ${$(grams)}::text[]`);
  for (const h of terms.hangul) parts.push(`x.doc ILIKE ${$(`%${h.run.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  if (terms.like) parts.push(`x.doc ILIKE ${$(terms.like)}`);
  // Nothing to look for (the query was only spaces): nothing found.
  if (parts.length === 1) return { rows: [], highlight: [] };
  const inTitle = `(s.title ILIKE ${$(`%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)})::int`;
  const rank = terms.tsquery ? `${inTitle} + ts_rank_cd(x.tsv, ${$(terms.tsquery)}::tsquery)` : inTitle;
  const snippet = terms.highlight.length
    ? `(SELECT substr(x2.doc, greatest(1, p.at - 60), 200) FROM sauce_search x2,
          LATERAL (SELECT min(NULLIF(strpos(lower(x2.doc), ${SNIPPET_WORD}), 0)) AS at FROM unnest(${$(terms.highlight)}::text[]) w) p
        WHERE x2.sauce_id = h.id AND p.at IS NOT NULL)`
    : 'NULL';
  const text = `
    SELECT w.id AS workspace_id, w.name AS workspace_name, w.is_personal, h.id, h.type, h.title, h.link_title, h.link, ${snippet} AS snippet
    FROM workspace_members sp JOIN workspaces w ON w.id = sp.workspace_id
    CROSS JOIN LATERAL (
      SELECT s.id, s.type, s.title, s.link_title, s.link, s.created_at, ${rank} AS rank
      FROM sauce_search x JOIN sauces s ON s.id = x.sauce_id
      WHERE ${parts.join(' AND ')}
      ORDER BY rank DESC, s.created_at DESC, s.id DESC
      LIMIT $2) h
    WHERE sp.user_id = $1
    ORDER BY h.rank DESC, h.created_at DESC, h.id DESC
    LIMIT $3`;
  const { rows } = await db.$client.query<GlobalHitRow>({ text, values });
  return { rows, highlight: terms.highlight };
}
