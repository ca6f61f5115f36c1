import type { ReactNode } from 'react';

const HANGUL = /^[가-힣]+$/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A stem as the words it came from begin: PostgreSQL's English stemmer ends some stems with
 * a letter their words do not have there (typography → typographi, making → make), so a
 * final 'i' or 'e' after three letters is left off.
 */
const surfaceStem = (w: string) => (w.length > 3 && /[ie]$/i.test(w) ? w.slice(0, -1) : w);

/**
 * The search words to mark as one pattern (issue #21): a Korean word where it stands (inside
 * longer words too), any other word as a stem with the rest of its word (design marks
 * designing whole, typographi marks typography), case-insensitive. Null when there is
 * nothing to mark.
 */
export function highlightPattern(words: readonly string[]): RegExp | null {
  const parts = words
    .filter((w) => w.trim())
    .map((w) => (HANGUL.test(w) ? escape(w) : `${escape(surfaceStem(w))}[\\p{L}\\p{N}]*`))
    .sort((a, b) => b.length - a.length);
  return parts.length ? new RegExp(`(${parts.join('|')})`, 'giu') : null;
}

/** Characters of a snippet kept before its first match. */
const SNIPPET_LEAD = 24;

/**
 * A search snippet cut to start shortly before its first match, at a word's start, so the
 * match shows in the one or two lines the card or the palette gives it (the server's
 * snippet starts 60 characters before it, often inside a word). `…` starts a text that was
 * cut; the text itself when it has no match or the match is near its start.
 */
export function aroundMatch(text: string, pattern: RegExp | null): string {
  if (!pattern) return text;
  const at = text.search(new RegExp(pattern.source, pattern.flags.replace('g', '')));
  if (at <= SNIPPET_LEAD) return text;
  const space = text.indexOf(' ', at - SNIPPET_LEAD);
  const from = space === -1 || space >= at ? at : space + 1;
  return `…${text.slice(from)}`;
}

/**
 * `text` with the parts matching `pattern` ({@link highlightPattern}) in `<mark>`, for the
 * search's results; the text itself when there is no pattern.
 */
export function Highlight({ text, pattern }: { text: string; pattern: RegExp | null }): ReactNode {
  if (!pattern || !text) return text;
  const pieces = text.split(pattern);
  // split with one capturing group: odd indexes are the matches.
  return pieces.map((piece, i) => (i % 2 ? <mark key={i}>{piece}</mark> : piece));
}
