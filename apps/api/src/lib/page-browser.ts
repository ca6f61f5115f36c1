import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { FairQueue } from './fair-queue.ts';
import { safeFetch, type AddressPolicy } from './safe-fetch.ts';

/**
 * Issue #21 item 1: a page as a browser draws it, for the saved copies of links. One
 * Chromium serves the process — launched from `CHROMIUM_PATH` (or `chromium` on the PATH) on
 * first use and closed when idle, or a remote browser service (`BROWSER_WS_ENDPOINT`: a
 * Playwright server such as a browserless container, else a Chrome DevTools endpoint) —
 * with at most `maxPages` pages open at once.
 *
 * The browser itself reaches nothing: every request a page makes is intercepted and answered
 * by this process through {@link safeFetch} (the private-address guard on every hop,
 * redirects included — Playwright's `route` sees only the first request of a redirect chain
 * the browser follows itself, so the browser is never let follow one), GET only, at most
 * {@link PAGE_MAX_REQUESTS} requests and {@link PAGE_MAX_BYTES} bytes a page. WebSockets
 * are closed, service workers blocked, downloads refused, and the context's proxy is a
 * closed port, so whatever escapes interception fails.
 */

/** Width of the page and its screenshot, px. */
export const SHOT_WIDTH_PX = 1280;
/** Height of the window the page is laid out in, px. */
const VIEWPORT_HEIGHT_PX = 800;
/** The tallest screenshot kept, px: a full page, cut off below. */
export const SHOT_MAX_HEIGHT_PX = 6000;
/** Requests one page may make (its document excluded). */
export const PAGE_MAX_REQUESTS = 150;
/** Bytes one page's requests may read in all. */
export const PAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Largest single resource a page reads, bytes. */
const RESOURCE_MAX_BYTES = 5 * 1024 * 1024;

/** Options of {@link createPageBrowser}. */
export interface PageBrowserOptions {
  /** A local Chromium to launch. */
  executablePath?: string;
  /** A remote browser to connect to instead (Playwright server, else CDP). */
  wsEndpoint?: string;
  /** Pages open at once in this process (config BROWSER_PAGES). */
  maxPages: number;
  /** Loopback and private addresses allowed (METADATA_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Replaces the address policy (tests). */
  allowAddress?: AddressPolicy;
  /** Longest time one page may take, load and screenshot, ms. Default 20,000. */
  pageTimeoutMs?: number;
  /** A launched browser idle this long is closed, ms. Default 60,000. */
  idleCloseMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/** A page as drawn: its DOM after scripts ran, and its screenshot. */
export interface RenderedPage {
  /** `document.documentElement.outerHTML` once loaded. */
  html: string;
  /** PNG, {@link SHOT_WIDTH_PX} wide, at most {@link SHOT_MAX_HEIGHT_PX} tall. */
  screenshot: Buffer;
  /** Requests the page made, and how many were refused or failed. */
  requests: number;
  refused: number;
}

/** The document to draw: the bytes the guarded fetch already read, and where they came from. */
export interface PageDocument {
  /** Final URL after redirects. */
  url: string;
  body: Buffer;
  /** The Content-Type header as received. */
  contentType: string;
}

/** See {@link createPageBrowser}. */
export interface PageBrowser {
  /**
   * Draws `doc` and returns it with its screenshot.
   * @throws Error when the browser cannot be started or reached, or the page fails to draw
   *   in time (callers keep the text alone).
   */
  render(doc: PageDocument): Promise<RenderedPage>;
  /** Closes the browser (or the connection); later renders start it again. */
  close(): Promise<void>;
}

/**
 * The Chromium to launch: `configured` if given (null when it does not exist), else
 * `chromium` or `chromium-browser` on the PATH, else null.
 */
export function findChromium(configured: string | undefined, pathEnv = process.env.PATH ?? ''): string | null {
  if (configured) return existsSync(configured) ? configured : null;
  for (const dir of pathEnv.split(path.delimiter).filter(Boolean)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const p = path.join(dir, name);
      if (existsSync(p)) return p;
    }
  }
  return null;
}

/**
 * Whether fontconfig, which a local Chromium draws text with, knows a Korean font (`fc-list
 * :lang=ko family` names one). Without one, Korean pages' screenshots show empty boxes.
 * @returns null when fc-list cannot be run (no fontconfig), or took over 5 s.
 */
export async function hasKoreanFont(env: NodeJS.ProcessEnv = process.env): Promise<boolean | null> {
  try {
    const { stdout } = await promisify(execFile)('fc-list', [':lang=ko', 'family'], { timeout: 5_000, env });
    return stdout.trim().length > 0;
  } catch {
    return null;
  }
}

/** See the module's comment. Nothing starts until the first {@link PageBrowser.render}. */
export function createPageBrowser(opts: PageBrowserOptions): PageBrowser {
  const lanes = new FairQueue({ concurrency: opts.maxPages, maxAdmitted: 10_000, maxPerKey: 10_000 });
  const pageTimeoutMs = opts.pageTimeoutMs ?? 20_000;
  let browser: Promise<Browser> | null = null;
  let open = 0;
  let idle: NodeJS.Timeout | null = null;
  let fontsChecked = false;

  const start = async (): Promise<Browser> => {
    const { chromium } = await import('playwright-core');
    let b: Browser;
    if (opts.wsEndpoint) {
      b = await chromium.connect(opts.wsEndpoint, { timeout: 10_000 }).catch(() => chromium.connectOverCDP(opts.wsEndpoint!, { timeout: 10_000 }));
    } else if (opts.executablePath) {
      b = await chromium.launch({ executablePath: opts.executablePath, timeout: 15_000, args: ['--disable-dev-shm-usage'] });
      if (!fontsChecked) {
        fontsChecked = true;
        void hasKoreanFont().then((found) => {
          if (found === false) opts.log?.warn({}, 'No Korean font for the screenshots of saved links: Korean pages show empty boxes (install fonts-noto-cjk)');
        });
      }
    } else {
      throw new Error('No browser: set CHROMIUM_PATH or BROWSER_WS_ENDPOINT');
    }
    b.on('disconnected', () => {
      browser = null;
    });
    return b;
  };
  const acquire = () => {
    if (idle) clearTimeout(idle);
    idle = null;
    open++;
    browser ??= start().catch((e) => {
      browser = null;
      throw e;
    });
    return browser;
  };
  const release = () => {
    open--;
    if (open === 0 && !opts.wsEndpoint) {
      idle = setTimeout(() => void close(), opts.idleCloseMs ?? 60_000);
      idle.unref();
    }
  };
  const close = async () => {
    if (idle) clearTimeout(idle);
    idle = null;
    const b = browser;
    browser = null;
    await (await b?.catch(() => null))?.close().catch(() => undefined);
  };

  async function draw(b: Browser, doc: PageDocument): Promise<RenderedPage> {
    const deadline = Date.now() + pageTimeoutMs;
    const left = () => Math.max(1, deadline - Date.now());
    const context: BrowserContext = await b.newContext({
      viewport: { width: SHOT_WIDTH_PX, height: VIEWPORT_HEIGHT_PX },
      serviceWorkers: 'block',
      acceptDownloads: false,
      // Anything interception misses goes to a closed port.
      proxy: { server: 'http://127.0.0.1:9' },
      locale: 'en-US',
    });
    let requests = 0;
    let refused = 0;
    let bytes = 0;
    let documentServed = false;
    try {
      await context.routeWebSocket(/.*/, (ws) => ws.close());
      await context.route('**/*', async (route: Route) => {
        const req = route.request();
        const url = req.url();
        if (!documentServed && req.isNavigationRequest() && req.frame().parentFrame() === null) {
          documentServed = true;
          return route.fulfill({ status: 200, headers: { 'content-type': doc.contentType }, body: doc.body });
        }
        requests++;
        const refuse = () => {
          refused++;
          return route.abort('blockedbyclient').catch(() => undefined);
        };
        if (req.method() !== 'GET' || !/^https?:/i.test(url) || requests > PAGE_MAX_REQUESTS || bytes >= PAGE_MAX_BYTES) return refuse();
        try {
          const res = await safeFetch(url, {
            allowPrivate: opts.allowPrivate,
            ...(opts.allowAddress ? { allowAddress: opts.allowAddress } : {}),
            timeoutMs: Math.min(10_000, left()),
            maxBytes: Math.min(RESOURCE_MAX_BYTES, PAGE_MAX_BYTES - bytes),
          });
          bytes += res.body.length;
          const type = res.headers['content-type'];
          await route.fulfill({ status: res.status, headers: type ? { 'content-type': String(type) } : {}, body: res.body });
        } catch {
          await refuse();
        }
      });
      const page = await context.newPage();
      page.setDefaultTimeout(left());
      // A page still loading at its deadline is drawn as far as it got.
      await page.goto(doc.url, { waitUntil: 'load', timeout: Math.max(1, left() - 5_000) }).catch((e: Error) => {
        if (!documentServed) throw e;
      });
      const height = Number(await page.evaluate('Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)')) || 1;
      const screenshot = await page.screenshot({
        type: 'png',
        fullPage: true,
        clip: { x: 0, y: 0, width: SHOT_WIDTH_PX, height: Math.min(Math.max(height, 1), SHOT_MAX_HEIGHT_PX) },
        animations: 'disabled',
        timeout: left(),
      });
      const html = await page.content();
      return { html, screenshot, requests, refused };
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  return {
    async render(doc) {
      const ticket = lanes.admit('pages');
      try {
        return await ticket.run(async () => {
          try {
            return await draw(await acquire(), doc);
          } finally {
            release();
          }
        });
      } finally {
        ticket.release();
      }
    },
    close,
  };
}
