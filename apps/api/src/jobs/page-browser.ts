import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, LaunchOptions, Route } from 'playwright-core';
import { FairQueue } from '../lib/fair-queue.ts';
import { safeFetch, type AddressPolicy } from '../lib/safe-fetch.ts';

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
 * closed port, so whatever escapes interception fails. A launched Chromium sends no UDP
 * either ({@link launchOptions}), and a page is drawn under one deadline, whatever its
 * scripts do ({@link withDeadline}).
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
  /** Longest time one page may take, all of it (load, evaluation, content, screenshot), ms. Default 20,000. */
  pageTimeoutMs?: number;
  /** A launched browser idle this long is closed, ms. Default 60,000. */
  idleCloseMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/** How long a context may take to close after its page's deadline before the browser is closed instead, ms. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Flags of a launched Chromium (issue #28 item 4): WebRTC only through the proxy (a closed
 * port: no STUN, TURN or peer packets over UDP to any address), no DNS lookups (every request
 * is answered by this process; lookups were UDP to the resolver), no QUIC.
 */
const BROWSER_ARGS = ['--disable-dev-shm-usage', '--webrtc-ip-handling-policy=disable_non_proxied_udp', '--host-resolver-rules=MAP * ~NOTFOUND', '--disable-quic'];

/** What the log says when the browser runs without its sandbox (issue #28 item 4). */
export const NO_SANDBOX_WARNING =
  'The browser that draws saved links runs without its sandbox because the server runs as root (Chromium refuses it there): run the server as a non-root user, or set BROWSER_WS_ENDPOINT to a browser service in its own container';

/**
 * How a local Chromium at `executablePath` is launched (issue #28 item 4): with its sandbox
 * unless `uid` (the server's, by default) is root, to whom Chromium refuses it (see
 * {@link NO_SANDBOX_WARNING}); sending no UDP ({@link BROWSER_ARGS}); 15 s to start.
 */
export function launchOptions(executablePath: string, uid = process.getuid?.()): LaunchOptions {
  return { executablePath, timeout: 15_000, chromiumSandbox: uid !== 0, args: [...BROWSER_ARGS] };
}

/**
 * `work`, or an Error once `ms` milliseconds have passed, whichever comes first (issue #28 item 2: a
 * page whose script never yields leaves Playwright's calls — evaluate, content — pending
 * for ever). `work` itself goes on; the caller stops it.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what = 'the page'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
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

/**
 * See the module's comment. Nothing starts until the first {@link PageBrowser.render}. Issue
 * #28 item 2: a page is drawn under one deadline (`pageTimeoutMs`) from its context's
 * creation to its content; at the deadline its context is closed, which ends its renderer
 * however busy its scripts keep it, and its lane is freed (a context that will not close
 * within {@link CLOSE_GRACE_MS} takes the browser down with it, and the next page starts another).
 */
export function createPageBrowser(opts: PageBrowserOptions): PageBrowser {
  const lanes = new FairQueue({ concurrency: opts.maxPages, maxAdmitted: 10_000, maxPerKey: 10_000 });
  const pageTimeoutMs = opts.pageTimeoutMs ?? 20_000;
  let browser: Promise<Browser> | null = null;
  let open = 0;
  let idle: NodeJS.Timeout | null = null;
  let warned = false;

  const start = async (): Promise<Browser> => {
    const { chromium } = await import('playwright-core');
    if (opts.wsEndpoint) {
      return chromium.connect(opts.wsEndpoint, { timeout: 10_000 }).catch(() => chromium.connectOverCDP(opts.wsEndpoint!, { timeout: 10_000 }));
    }
    if (!opts.executablePath) throw new Error('No browser: set CHROMIUM_PATH or BROWSER_WS_ENDPOINT');
    const launch = launchOptions(opts.executablePath);
    const b = await chromium.launch(launch);
    if (!warned) {
      warned = true;
      if (!launch.chromiumSandbox) opts.log?.warn({}, NO_SANDBOX_WARNING);
      void hasKoreanFont().then((found) => {
        if (found === false) opts.log?.warn({}, 'No Korean font for the screenshots of saved links: Korean pages show empty boxes (install fonts-noto-cjk)');
      });
    }
    return b;
  };
  /** Forgets `p` if it is still the browser in use (a later one stays). */
  const forget = (p: Promise<Browser>) => {
    if (browser === p) browser = null;
  };
  const acquire = () => {
    if (idle) clearTimeout(idle);
    idle = null;
    open++;
    if (!browser) {
      const p = start().then((b) => {
        b.on('disconnected', () => forget(p));
        return b;
      });
      p.catch(() => forget(p));
      browser = p;
    }
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

  /** Draws `doc` in a new context of `b`, and leaves that context open (see render). */
  async function draw(b: Browser, doc: PageDocument, opened: (c: BrowserContext) => void): Promise<RenderedPage> {
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
    opened(context);
    let requests = 0;
    let refused = 0;
    let bytes = 0;
    let documentServed = false;
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
    // A page still loading is drawn as far as it got, a quarter of its time (at most 5 s) before its deadline.
    await page.goto(doc.url, { waitUntil: 'load', timeout: Math.max(1, left() - Math.min(5_000, pageTimeoutMs / 4)) }).catch((e: Error) => {
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
  }

  return {
    async render(doc) {
      const ticket = lanes.admit('pages');
      try {
        return await ticket.run(async () => {
          const current = acquire();
          let context: BrowserContext | undefined;
          try {
            const b = await current;
            try {
              return await withDeadline(draw(b, doc, (c) => (context = c)), pageTimeoutMs);
            } finally {
              // Closing the context ends its renderer, even one a script keeps busy for ever;
              // failing that (or with no context yet), the browser goes.
              const closed = context && (await withDeadline(context.close(), CLOSE_GRACE_MS).then(() => true, () => false));
              if (!closed) {
                forget(current);
                await withDeadline(b.close(), CLOSE_GRACE_MS).catch(() => undefined);
              }
            }
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
