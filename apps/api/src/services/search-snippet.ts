/**
 * Search results' snippets (issues #21, #33): the text around a result's first match, and,
 * when that match was read in one of its images, which image. Used by the source list's
 * search (services/sauces.ts) and the search of every space (./search.ts searchEverywhere).
 */

/**
 * A marked word as the snippet looks for it in the text (SQL over `w`): an English stem
 * without its final i or e (Snowball writes 'typography' as 'typographi', 'save' as 'save'
 * for 'saving'), so the snippet finds the word it came from.
 */
const SNIPPET_WORD = `CASE WHEN length(w) > 3 THEN regexp_replace(w, '[ie]$', '') ELSE w END`;

/**
 * A search result's snippet (SQL, JSON text read by {@link readSnippet}): up to 200
 * characters of its text around the first of the marked words (`words`, a placeholder of a
 * text[]) that it holds, and — when that place is in the words read in its images (issue #33:
 * at or after `sauce_search.image_at`) — the order of the first image whose words hold it; or
 * NULL. `id` is the SQL of the source's id. The text is lower-cased once a result, whatever
 * the number of words (issue #28 item 3: eight words had each page row's text, up to 50,000
 * characters, lowered eight times).
 */
export function snippetOf(id: string, words: string): string {
  return `(SELECT json_build_object('text', substr(x2.doc, greatest(1, p.at - 60), 200), 'image', CASE WHEN p.at >= x2.image_at THEN (
        SELECT i.position FROM sauce_images i WHERE i.sauce_id = x2.sauce_id AND strpos(lower(i.text), p.w) > 0 ORDER BY i.position, i.id LIMIT 1) END)::text
      FROM sauce_search x2
      CROSS JOIN LATERAL (SELECT lower(x2.doc) AS low OFFSET 0) l
      CROSS JOIN LATERAL (SELECT m.w, m.at FROM (SELECT ${SNIPPET_WORD} AS w, strpos(l.low, ${SNIPPET_WORD}) AS at FROM unnest(${words}::text[]) w) m
        WHERE m.at > 0 ORDER BY m.at LIMIT 1) p
    WHERE x2.sauce_id = ${id})`;
}

/** A search result's snippet: its text, and the order of the image whose words it shows (issue #33), else null. */
export interface Snippet {
  text: string;
  image: number | null;
}

/** The {@link Snippet} of a value {@link snippetOf} gave (null: the result has none). */
export function readSnippet(raw: unknown): Snippet | null {
  if (typeof raw !== 'string') return null;
  const { text, image } = JSON.parse(raw) as { text: string; image: number | null };
  return { text, image: image ?? null };
}
