import type { Sauce } from '@sauce/contract/sauces';

/** True for an absolute http(s) URL: the only links ever rendered as links. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** An image source we may load: http(s) or a same-origin path (uploaded files). */
export function isImageSrc(value: string | null | undefined): value is string {
  if (!value) return false;
  return (value.startsWith('/') && !value.startsWith('//')) || isHttpUrl(value);
}

/** The host of a link without 'www.', for the card's domain line; '' when unparsable. */
export function linkDomain(link: string | null | undefined): string {
  if (!isHttpUrl(link)) return '';
  return new URL(link).host.replace(/^www\./, '');
}

/** A scheme at the start ('javascript:', 'mailto:'), but not a 'host:port'. */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
/** Loose URL pattern (SPEC §5 Link): a host with a dot and a 2+ character label after it, or localhost. */
const LOOSE_URL = /^https?:\/\/(localhost|[^\s/?#.]+(\.[^\s/?#.]+)*\.[^\s/?#.]{2,}|[^\s/?#]*\[[0-9a-f:]+\])(:\d+)?([/?#]\S*)?$/i;

export type LinkCheck = { ok: true; link: string } | { ok: false; reason: 'empty' | 'scheme' | 'format' };

/**
 * Checks a typed link (SPEC §5: non-empty, loose URL pattern; only http(s)). A missing
 * scheme becomes https://. Returns the normalized link or why it was refused.
 */
export function checkLink(input: string): LinkCheck {
  const value = input.trim();
  if (!value) return { ok: false, reason: 'empty' };
  let link = value;
  if (SCHEME.test(value)) {
    if (!/^https?:\/\//i.test(value)) return { ok: false, reason: 'scheme' };
  } else {
    link = `https://${value.replace(/^\/+/, '')}`;
  }
  if (!LOOSE_URL.test(link) || !isHttpUrl(link)) return { ok: false, reason: 'format' };
  return { ok: true, link };
}

/**
 * The first http(s) link written in a note's text, as {@link checkLink} accepts it (`raw`:
 * the text as written, `link`: normalized; trailing punctuation such as '.' or ')' left out),
 * or null when the text has none.
 */
export function linkInText(text: string): { raw: string; link: string } | null {
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/gi)) {
    const raw = m[0].replace(/[.,;:!?)\]}]+$/, '');
    const c = checkLink(raw);
    if (c.ok) return { raw, link: c.link };
  }
  return null;
}

/** The name a card shows: its title, else the link's title; empty when it has neither. */
export function sauceName(sauce: Pick<Sauce, 'title' | 'textCard'>): string {
  return sauce.title.trim() || sauce.textCard?.title.trim() || '';
}

/**
 * Where a source is viewed (SPEC §2): the type's archive screen with sauceId and archiveType;
 * for a search's result found in the words of one of its images (issue #33: `snippetImage`),
 * that image (`image`, 1-based) and the search's words to mark in its text (`mark`).
 */
export function sauceHref(sauce: Pick<Sauce, 'id' | 'type'> & { snippetImage?: number }, marks: readonly string[] = []): string {
  const path = sauce.type === 'TEXT' ? '/archive/text' : '/archive/image';
  const found = sauce.snippetImage === undefined ? '' : `&image=${sauce.snippetImage + 1}${marks.length ? `&mark=${encodeURIComponent(marks.join(' '))}` : ''}`;
  return `${path}?sauceId=${sauce.id}&archiveType=${sauce.type}${found}`;
}

/** Issue #33: a source opened from a search result found in one of its images' words. */
export type FoundInImage = { image: number; marks: string[] };

/** Issue #33: the image a source was opened at from a search (its order, 0-based) and the words to mark in its text, from its address ({@link sauceHref}). */
export function foundInImage(params: URLSearchParams): FoundInImage | null {
  const image = Number(params.get('image'));
  if (!Number.isInteger(image) || image < 1) return null;
  return { image: image - 1, marks: (params.get('mark') ?? '').split(' ').filter(Boolean).slice(0, 8) };
}
