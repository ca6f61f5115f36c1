/**
 * The page as the person sees it, as one self-contained HTML document (issue #20): the
 * extension's own small snapshotter (MIT, like the rest of Sauce; SingleFile's core is AGPL).
 *
 * What it does, in the page:
 * - clones the document as rendered now (form values, checked boxes, canvases as images);
 * - removes what could run or load: scripts, `on…` attributes, `javascript:` links, frames,
 *   objects and embeds, `<base>`, refresh and CSP `<meta>`s, preloads;
 * - inlines the style sheets it can read (rules as the browser parsed them), their `url(…)`
 *   resources and the images as `data:` URLs, fetched with the page's own access (a page behind
 *   a login keeps its pictures), largest last, within a byte budget;
 * - makes links and the remaining addresses absolute, so the copy reads the same anywhere.
 * Whatever it cannot read stays an absolute address: the sandboxed view (CSP
 * `default-src 'none'`) loads nothing from outside, so such an image is simply missing there.
 */

/** Reads a resource with the page's access: its bytes as a `data:` URL, or null. */
export type FetchResource = (url: string, maxBytes: number) => Promise<string | null>;

export interface SnapshotOptions {
  /** Bytes the whole document may take (the server refuses more than 20 MB). */
  budgetBytes: number;
  /** Bytes one inlined resource may take. */
  maxResourceBytes?: number;
  fetchResource: FetchResource;
}

/** Elements removed from the copy: they run, load or frame something. */
const REMOVED = 'script, noscript, iframe, frame, frameset, object, embed, applet, portal, base, template, link[rel~="preload"], link[rel~="modulepreload"], link[rel~="prefetch"], link[rel~="import"], meta[http-equiv]';

/** Attributes naming an address, resolved against the page. */
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'action', 'cite', 'background'];

/** Whether `url` is safe to keep as an address in the copy (http, https, data of an image, fragment). */
export function isSafeUrl(url: string): boolean {
  const u = url.trim().toLowerCase();
  return !(u.startsWith('javascript:') || u.startsWith('vbscript:') || (u.startsWith('data:') && !u.startsWith('data:image/')));
}

/** `url` resolved against `base`, or null when it is not a valid address. */
export function absolute(url: string, base: string): string | null {
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

/** The `url(…)` references of a CSS text, as written (quotes removed). */
export function cssUrls(css: string): string[] {
  const out: string[] = [];
  for (const m of css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)) out.push(m[2]!);
  return out;
}

/** Replaces each `url(…)` of `css` by `map(url)` (null keeps it as it is). */
export function rewriteCssUrls(css: string, map: (url: string) => string | null): string {
  return css.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (whole, _q: string, url: string) => {
    const to = map(url);
    return to === null ? whole : `url("${to}")`;
  });
}

/** Removes what runs from an element and its descendants: `on…` handlers and script addresses. */
export function stripActive(root: Element): void {
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) el.removeAttribute(attr.name);
      else if ((URL_ATTRIBUTES.includes(name) || name === 'xlink:href' || name === 'formaction' || name === 'srcdoc') && !isSafeUrl(attr.value)) {
        el.removeAttribute(attr.name);
      }
    }
  }
}

/** The CSS text of a style sheet the page can read, with its addresses made absolute; null when unreadable. */
function sheetText(sheet: CSSStyleSheet, pageUrl: string): string | null {
  let rules: CSSRuleList;
  try {
    rules = sheet.cssRules;
  } catch {
    return null; // another origin's sheet without CORS
  }
  const base = sheet.href ?? pageUrl;
  let css = '';
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSImportRule) {
      const inner = rule.styleSheet ? sheetText(rule.styleSheet, base) : null;
      if (inner) css += `${inner}\n`;
      continue;
    }
    css += `${rule.cssText}\n`;
  }
  return rewriteCssUrls(css, (url) => (url.startsWith('data:') ? null : absolute(url, base)));
}

/**
 * Takes the snapshot of `doc` (the live document).
 * @returns the HTML text, starting with `<!DOCTYPE html>`, at most `budgetBytes` when it can
 *   be made so (images that do not fit stay as addresses).
 */
export async function takeSnapshot(doc: Document, opts: SnapshotOptions): Promise<string> {
  const pageUrl = doc.location?.href ?? doc.URL;
  const maxResource = opts.maxResourceBytes ?? 5 * 1024 * 1024;
  const originals = Array.from(doc.querySelectorAll('*'));
  const root = doc.documentElement.cloneNode(true) as HTMLElement;
  const copies = [root, ...Array.from(root.querySelectorAll('*'))];

  // Form state and canvases, read from the live elements (same order in the clone: both
  // lists start with the root element).
  originals.forEach((el, i) => {
    const copy = copies[i];
    if (!copy) return;
    if (el instanceof HTMLInputElement) {
      if (el.type === 'password') copy.removeAttribute('value');
      else if (el.type === 'checkbox' || el.type === 'radio') {
        if (el.checked) copy.setAttribute('checked', '');
        else copy.removeAttribute('checked');
      } else copy.setAttribute('value', el.value);
    } else if (el instanceof HTMLTextAreaElement) copy.textContent = el.value;
    else if (el instanceof HTMLSelectElement) {
      Array.from((copy as HTMLSelectElement).options ?? []).forEach((o, j) => {
        if (el.options[j]?.selected) o.setAttribute('selected', '');
        else o.removeAttribute('selected');
      });
    } else if (el instanceof HTMLCanvasElement) {
      try {
        const img = doc.createElement('img');
        img.src = el.toDataURL('image/png');
        img.width = el.width;
        img.height = el.height;
        copy.replaceWith(img);
      } catch {
        // a canvas tainted by another origin's image stays empty
      }
    }
  });

  // Style sheets: every readable one inlined in order; links to unreadable ones kept absolute.
  const sheetOf = new Map<Element, CSSStyleSheet>();
  for (const sheet of Array.from(doc.styleSheets)) {
    const i = sheet.ownerNode ? originals.indexOf(sheet.ownerNode as Element) : -1;
    if (i >= 0 && copies[i]) sheetOf.set(copies[i]!, sheet);
  }
  const sheetNodes = Array.from(root.querySelectorAll('style, link[rel~="stylesheet"]'));
  sheetNodes.forEach((node) => {
    const sheet = sheetOf.get(node);
    let css = sheet ? sheetText(sheet, pageUrl) : null;
    // A <style> whose parsed rules cannot be read keeps its own text.
    if (css === null && node.tagName === 'STYLE') {
      css = rewriteCssUrls(node.textContent ?? '', (url) => (url.startsWith('data:') ? null : absolute(url, pageUrl)));
    }
    if (css === null) {
      const href = node.getAttribute('href');
      const abs = href ? absolute(href, pageUrl) : null;
      if (abs) node.setAttribute('href', abs);
      else node.remove();
      return;
    }
    const style = doc.createElement('style');
    const media = node.getAttribute('media');
    if (media) style.setAttribute('media', media);
    style.textContent = css;
    node.replaceWith(style);
  });
  // Inline style attributes keep their addresses absolute too.
  for (const el of Array.from(root.querySelectorAll('[style]'))) {
    el.setAttribute('style', rewriteCssUrls(el.getAttribute('style') ?? '', (url) => (url.startsWith('data:') ? null : absolute(url, pageUrl))));
  }

  root.querySelectorAll(REMOVED).forEach((el) => el.remove());
  stripActive(root);

  // Addresses absolute; images and sources lose srcset (the copy keeps the picture shown).
  const liveImages = new Map<Element, HTMLImageElement>();
  Array.from(doc.querySelectorAll('img')).forEach((img) => {
    const i = originals.indexOf(img);
    if (i >= 0 && copies[i]) liveImages.set(copies[i]!, img);
  });
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const name of URL_ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value === null || value.startsWith('data:') || value.startsWith('#')) continue;
      const abs = absolute(value, pageUrl);
      if (abs) el.setAttribute(name, abs);
      else el.removeAttribute(name);
    }
    const live = liveImages.get(el);
    if (live?.currentSrc) el.setAttribute('src', live.currentSrc);
    el.removeAttribute('srcset');
    el.removeAttribute('loading');
  }
  root.querySelectorAll('picture > source').forEach((el) => el.remove());

  // Resources to inline: images, then the styles' url(…)s — each fetched once, smallest first.
  const styles = Array.from(root.querySelectorAll('style'));
  const wanted = new Set<string>();
  for (const el of Array.from(root.querySelectorAll('img[src], input[type="image"][src], video[poster]'))) {
    const u = el.getAttribute('src') ?? el.getAttribute('poster');
    if (u && /^https?:|^blob:/.test(u)) wanted.add(u);
  }
  for (const s of styles) for (const u of cssUrls(s.textContent ?? '')) if (/^https?:/.test(u)) wanted.add(u);
  for (const el of Array.from(root.querySelectorAll('[style]'))) for (const u of cssUrls(el.getAttribute('style') ?? '')) if (/^https?:/.test(u)) wanted.add(u);

  // The head gets its charset and where the copy came from.
  const head = root.querySelector('head') ?? root.insertBefore(doc.createElement('head'), root.firstChild);
  head.querySelectorAll('meta[charset]').forEach((m) => m.remove());
  const charset = doc.createElement('meta');
  charset.setAttribute('charset', 'utf-8');
  head.insertBefore(charset, head.firstChild);
  const from = doc.createElement('meta');
  from.setAttribute('name', 'sauce-saved-from');
  from.setAttribute('content', pageUrl);
  head.insertBefore(from, charset.nextSibling);

  const encoder = new TextEncoder();
  const serialize = () => `<!DOCTYPE html>\n${root.outerHTML}`;
  let used = encoder.encode(serialize()).length;
  const fetched = await Promise.all(
    Array.from(wanted).map(async (url) => ({ url, data: await opts.fetchResource(url, maxResource).catch(() => null) })),
  );
  const inline = new Map<string, string>();
  for (const { url, data } of fetched.filter((f) => f.data).sort((a, b) => a.data!.length - b.data!.length)) {
    if (used + data!.length > opts.budgetBytes) break;
    inline.set(url, data!);
    used += data!.length;
  }
  for (const el of Array.from(root.querySelectorAll('img[src], input[type="image"][src]'))) {
    const data = inline.get(el.getAttribute('src')!);
    if (data) el.setAttribute('src', data);
  }
  for (const el of Array.from(root.querySelectorAll('video[poster]'))) {
    const data = inline.get(el.getAttribute('poster')!);
    if (data) el.setAttribute('poster', data);
  }
  for (const s of styles) s.textContent = rewriteCssUrls(s.textContent ?? '', (url) => inline.get(url) ?? null);
  for (const el of Array.from(root.querySelectorAll('[style]'))) {
    el.setAttribute('style', rewriteCssUrls(el.getAttribute('style') ?? '', (url) => inline.get(url) ?? null));
  }
  return serialize();
}

/**
 * Reads `url` with the page's access (its cookies, in the page's isolated world; `blob:` and
 * `data:` addresses too) as a `data:` URL, or null past `maxBytes` or on any failure.
 */
export async function fetchAsDataUrl(url: string, maxBytes: number): Promise<string | null> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) return null;
  const blob = await res.blob();
  if (blob.size > maxBytes) return null;
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}
