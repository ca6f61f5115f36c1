import { createRequire } from 'node:module';

/**
 * A page's readable text, as reader modes read it: the article summaries (issue #10,
 * services/articles/summary) and the links' kept copies (issue #21, services/link-copy.ts)
 * read pages with it, and the article pages' metadata decodes them with it.
 */

/** linkedom and Readability are loaded by the first page read, not at start (issue #11 item 7). */
const requireHere = createRequire(import.meta.url);

/** Collapses whitespace and trims. */
export const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The two languages text is read in (an article's summary is made in its own); other text is treated as English. */
export type TextLanguage = 'ko' | 'en';

const HANGUL = /[\uac00-\ud7a3]/g;
const LATIN = /[A-Za-z]/g;

/**
 * 'ko' when Hangul syllables are at least a fifth of the letters (Korean articles quote
 * English product names freely), else 'en'.
 */
export function detectLanguage(text: string): TextLanguage {
  const sample = text.slice(0, 20_000);
  const hangul = sample.match(HANGUL)?.length ?? 0;
  const latin = sample.match(LATIN)?.length ?? 0;
  return hangul > 0 && hangul * 5 >= hangul + latin ? 'ko' : 'en';
}

/** The readable part of an article page. */
export interface ReadableArticle {
  title: string;
  /** 'ko' or 'en', from the text itself. */
  language: TextLanguage;
  /** Paragraphs, list items and quotes of the article body, in order, whitespace collapsed. */
  blocks: string[];
  /** The blocks joined by blank lines. */
  text: string;
}

/** Less readable text than this (characters) is not an article: 'summary not available'. */
export const MIN_READABLE_CHARS = 280;

/**
 * Elements that are never article text: navigation, page chrome, forms, media, and boxes
 * whose id, class or label says cookie/consent banner, newsletter or share widget, popup,
 * related links, comments or ads. Removed before Readability looks at the page.
 */
const CHROME_SELECTOR = [
  'script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas', 'video', 'audio', 'form', 'button', 'select',
  'input', 'textarea', 'nav', 'footer', 'aside', 'dialog', '[hidden]', '[aria-hidden="true"]', '[role="navigation"]',
  '[role="banner"]', '[role="contentinfo"]', '[role="complementary"]', '[role="dialog"]', '[role="alertdialog"]',
].join(',');
const CHROME_NAME = /cookie|consent|gdpr|banner|popup|modal|newsletter|subscribe|share|social|\bsns|related|recommend|comment|advert|\bads?\b|promo|sidebar|breadcrumb|toolbar|menu|gnb|lnb|foot|copyright/i;
/** A short block that is a copyright or rights line (footers Readability kept). */
const RIGHTS_LINE = /©|copyright|all rights reserved|무단 ?전재|재배포/i;

const BLOCKS = 'p, li, blockquote, dd, figcaption, pre';

/** Text of the page by charset: the header's, else a <meta charset>/http-equiv in the first 2 KB, else UTF-8. */
export function decodeHtml(body: Buffer, headerCharset?: string): string {
  const sniff = () => {
    const head = body.subarray(0, 2048).toString('latin1');
    return /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head)?.[1];
  };
  const label = (headerCharset || sniff() || 'utf-8').toLowerCase();
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

type HtmlDocument = ReturnType<typeof import('linkedom').parseHTML>['document'];
type ReadabilityDocument = ConstructorParameters<typeof import('@mozilla/readability').Readability>[0];

function removeChrome(document: HtmlDocument) {
  for (const el of [...document.querySelectorAll(CHROME_SELECTOR)]) el.remove();
  for (const el of [...document.querySelectorAll('[id], [class], [aria-label]')]) {
    if (!el.isConnected || el.tagName === 'BODY' || el.tagName === 'HTML' || el.tagName === 'ARTICLE' || el.tagName === 'MAIN') continue;
    const name = `${el.getAttribute('id') ?? ''} ${el.getAttribute('class') ?? ''} ${el.getAttribute('aria-label') ?? ''}`;
    if (CHROME_NAME.test(name)) el.remove();
  }
}

/**
 * The article in an HTML page, read the way reader modes do: page chrome removed, then
 * Mozilla's Readability (on linkedom's server DOM) finds the body, whose paragraphs become
 * `blocks`. Null when no body of at least `minChars` characters ({@link MIN_READABLE_CHARS}
 * by default: less is no article to summarise) is found (a login wall, a video page, an app
 * shell that renders in the browser). A link's saved copy asks for any text at all (issue
 * #31 item 3: a page of one short paragraph is still searchable by its words).
 */
export function extractReadable(html: string, { minChars = MIN_READABLE_CHARS }: { minChars?: number } = {}): ReadableArticle | null {
  const { parseHTML } = requireHere('linkedom') as typeof import('linkedom');
  const { Readability } = requireHere('@mozilla/readability') as typeof import('@mozilla/readability');
  // A page without its <html> element (browsers supply it) would leave linkedom no body.
  const { document } = parseHTML(/<html[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`);
  const docTitle = squash(document.querySelector('title')?.textContent ?? '');
  removeChrome(document);
  let parsed: ReturnType<InstanceType<typeof Readability<string>>['parse']>;
  try {
    parsed = new Readability(document as unknown as ReadabilityDocument, { charThreshold: minChars, keepClasses: false }).parse();
  } catch {
    return null;
  }
  if (!parsed?.content) return null;
  const body = parseHTML(`<!doctype html><html><body>${parsed.content}</body></html>`).document;
  let blocks = [...body.querySelectorAll(BLOCKS)]
    // A list item or quote holding paragraphs is read through those paragraphs.
    .filter((el) => !el.querySelector('p'))
    .map((el) => squash(el.textContent ?? ''))
    .filter((b) => b && !(b.length < 200 && RIGHTS_LINE.test(b)));
  if (blocks.join('').length < minChars) {
    // Pages that write their text in <div>s and <br>s: the text, by lines.
    blocks = (parsed.textContent ?? '')
      .split(/\n+/)
      .map(squash)
      .filter((b) => b && !(b.length < 200 && RIGHTS_LINE.test(b)));
  }
  const text = blocks.join('\n\n');
  if (Array.from(text).length < Math.max(1, minChars)) return null;
  return { title: squash(parsed.title ?? '') || docTitle, language: detectLanguage(text), blocks, text };
}
