import { readFileSync } from 'node:fs';
import { escapeUTF8 } from 'entities/lib/escape.js';
import Negotiator from 'negotiator';
import type { Lang } from './lang.ts';
import type { Preload } from './preload.ts';

export type { Lang } from './lang.ts';

/** What one page's `<head>` says about it (issue #11 item 4). */
export interface Head {
  lang: Lang;
  /** The whole `<title>`, e.g. 'Grid systems · Sauce'. */
  title: string;
  /** `<meta name="description">`, left out when absent. */
  description?: string;
  /** `<meta name="robots" content="noindex">`: every page that is not public. */
  noindex?: boolean;
  /** `<link rel="canonical">`, an absolute URL. */
  canonical?: string;
  /** Open Graph (`property`) and Twitter card (`name`) tags, in order. */
  meta?: ({ property: string; content: string } | { name: string; content: string })[];
  /** Files to fetch beside the entry script, in order (issue #11 item 3): the page's lazy chunks, its language, its LCP image. */
  preload?: Preload[];
}

/** A preload's `<link>`. Modules and lazy stylesheets are fetched in CORS mode as Vite's loader does, the image as the page's `<img>` does. */
const PRELOAD_TAG: Record<Preload['kind'], string> = {
  module: '<link rel="modulepreload" crossorigin href="%" />',
  style: '<link rel="preload" as="style" crossorigin href="%" />',
  image: '<link rel="preload" as="image" fetchpriority="high" referrerpolicy="no-referrer" href="%" />',
};

/**
 * A page the server rendered (apps/web entry-server.tsx): the markup of `#root`, the
 * queries it was rendered from (written as JSON into the element `stateId`, which the app
 * reads before hydrating), and the boot script that loads the app on the visitor's first
 * intent instead of at once.
 */
export interface RenderedBody {
  html: string;
  state: unknown;
  stateId: string;
  /** Root-relative URL of the boot module. */
  boot: string;
}

/** The built web app's index.html, ready to be given each page's head. */
export interface Shell {
  /**
   * The page's HTML: `lang` on `<html>`, the shell's `<title>` and description replaced by
   * `head`'s, its preloads, every value escaped. With `body`, the server-rendered page: its
   * markup in `#root`, its state, `data-ssr` on `<html>`, and the boot script in place of
   * the app's entry script and module preloads; the page's stylesheets are linked, not preloaded.
   */
  render(head: Head, body?: RenderedBody): string;
}

/** The app's entry script and its module preloads, as Vite writes them into index.html. */
const ENTRY_SCRIPTS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/gi;
const ROOT = '<div id="root"></div>';

/** JSON for a `<script type="application/json">`: no `<`, so nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Escapes a value for HTML text and double- or single-quoted attributes (&, <, >, ", '). Non-ASCII text stays as it is. */
export const escapeHtml = (value: string): string => escapeUTF8(value);

/**
 * Reads `indexPath` (the built index.html) once and splits it where each page's head goes:
 * the `lang` of `<html>`, and the end of `<head>`. The shell's own `<title>` and
 * `<meta name="description">` are removed, since every page writes its own.
 * A shell without an empty `<div id="root"></div>` renders every page as the browser's.
 * @throws Error when the file cannot be read or has no `<html lang="…">` or `</head>`.
 */
export function loadShell(indexPath: string): Shell {
  const html = readFileSync(indexPath, 'utf8')
    .replace(/<title>[^<]*<\/title>\s*/i, '')
    .replace(/<meta\s+name="(?:description|robots)"[^>]*>\s*/gi, '');
  const lang = /<html\b[^>]*?\blang="([^"]*)"/i.exec(html);
  const headEnd = html.search(/<\/head>/i);
  if (!lang || headEnd < 0) throw new Error(`${indexPath} has no <html lang="…"> or </head>`);
  const langStart = lang.index + lang[0].length - lang[1]!.length - 1;
  const before = html.slice(0, langStart);
  const middle = html.slice(langStart + lang[1]!.length, headEnd).trimEnd();
  const after = html.slice(headEnd);
  const rendered = {
    before: before.replace(/<html\b/i, '<html data-ssr'),
    middle: middle.replace(ENTRY_SCRIPTS, ''),
  };
  return {
    render(head, body) {
      const tags = [`<title>${escapeHtml(head.title)}</title>`];
      if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}" />`);
      if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
      if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
      for (const m of head.meta ?? []) {
        const [attr, key] = 'property' in m ? ['property', m.property] : ['name', m.name];
        tags.push(`<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(m.content)}" />`);
      }
      if (!body || !after.includes(ROOT)) {
        for (const p of head.preload ?? []) tags.push(PRELOAD_TAG[p.kind].replace('%', () => escapeHtml(p.href)));
        return `${before}${head.lang}${middle}\n    ${tags.join('\n    ')}\n  ${after}`;
      }
      for (const p of head.preload ?? []) {
        if (p.kind === 'style') tags.push(`<link rel="stylesheet" crossorigin href="${escapeHtml(p.href)}" />`);
        else if (p.kind === 'image') tags.push(PRELOAD_TAG.image.replace('%', () => escapeHtml(p.href)));
      }
      tags.push(`<script type="module" crossorigin src="${escapeHtml(body.boot)}"></script>`);
      const root =
        `<div id="root">${body.html}</div>\n    ` +
        `<script type="application/json" id="${escapeHtml(body.stateId)}">${scriptJson(body.state)}</script>`;
      return `${rendered.before}${head.lang}${rendered.middle}\n    ${tags.join('\n    ')}\n  ${after.replace(ROOT, () => root)}`;
    },
  };
}

/**
 * The page's language from `Accept-Language`, by the web app's rule (SPEC §1, apps/web
 * i18n `detectLanguage`): Korean when the most preferred language is Korean, else English.
 */
export function pickLanguage(headers: { 'accept-language'?: string | undefined }): Lang {
  const [first] = new Negotiator({ headers }).languages();
  return first?.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}
