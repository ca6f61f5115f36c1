import { execFile, execFileSync } from 'node:child_process';
import dgram from 'node:dgram';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createPageBrowser,
  findChromium,
  hasKoreanFont,
  launchOptions,
  NO_SANDBOX_WARNING,
  SHOT_MAX_HEIGHT_PX,
  SHOT_WIDTH_PX,
  type PageBrowser,
} from './page-browser.ts';

/**
 * Issue #21 item 1: the server's browser draws a page, and every request the page makes goes
 * through the private-address guard — redirects, frames, scripts' fetches and WebSockets
 * included. 127.0.0.1 plays the public web; 127.0.0.2 plays the private network, which must
 * receive nothing.
 */
const chromium = findChromium(process.env.CHROMIUM_PATH);

let pub: http.Server;
let priv: http.Server;
let base: string;
let privBase: string;
const privateHits: string[] = [];
let browser: PageBrowser;

const listen = (s: http.Server, host: string) =>
  new Promise<string>((r) => s.listen(0, host, () => r(`http://${host}:${(s.address() as AddressInfo).port}`)));

beforeAll(async () => {
  priv = http.createServer((req, res) => {
    privateHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end();
  });
  priv.on('upgrade', (req, socket) => {
    privateHits.push(`ws ${req.url}`);
    socket.destroy();
  });
  privBase = await listen(priv, '127.0.0.2');
  pub = http.createServer((req, res) => {
    if (req.url === '/hop') return void res.writeHead(302, { location: `${privBase}/via-redirect` }).end();
    if (req.url === '/slow.png') return void setTimeout(() => res.writeHead(404).end(), 2_000);
    if (req.url === '/file.zip') return void res.writeHead(200, { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="a.zip"' }).end(Buffer.alloc(1024));
    if (req.url === '/dot.png') {
      return void sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff3366' } })
        .png()
        .toBuffer()
        .then((b) => res.writeHead(200, { 'content-type': 'image/png' }).end(b));
    }
    res.writeHead(404).end();
  });
  base = await listen(pub, '127.0.0.1');
  browser = createPageBrowser({
    ...(chromium ? { executablePath: chromium } : {}),
    maxPages: 2,
    allowPrivate: false,
    allowAddress: (a) => a === '127.0.0.1',
  });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([pub, priv].map((s) => new Promise((r) => s.close(r))));
});

const page = (body: string) => ({ url: `${base}/page`, contentType: 'text/html; charset=utf-8', body: Buffer.from(`<!doctype html><html><body>${body}</body></html>`) });

describe.skipIf(!chromium)('the server’s browser (issue #21)', () => {
  it('draws the page after its scripts ran, and reaches nothing private', { timeout: 60_000 }, async () => {
    const drawn = await browser.render(
      page(`<h1 id="h">static</h1><img src="/dot.png"><img src="${privBase}/direct.png"><iframe src="${base}/hop"></iframe>
        <script>
          document.getElementById('h').textContent = 'drawn by script';
          fetch('${privBase}/fetched').catch(() => {});
          fetch('/post', { method: 'POST', body: 'x' }).catch(() => {});
          try { new WebSocket('${privBase.replace('http', 'ws')}/socket'); } catch {}
        </script>`),
    );
    expect(drawn.html).toContain('drawn by script');
    const meta = await sharp(drawn.screenshot).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(SHOT_WIDTH_PX);
    // Give a stray request time to arrive before counting.
    await new Promise((r) => setTimeout(r, 300));
    expect(privateHits).toEqual([]);
    expect(drawn.refused).toBeGreaterThanOrEqual(3); // the private image, the redirect's hop, the fetch, the POST
  });

  it('a page that starts downloads is drawn, and nothing is downloaded', { timeout: 60_000 }, async () => {
    const drawn = await browser.render(
      page(`<p>files</p><iframe src="/file.zip"></iframe><a id="a" href="/file.zip" download>zip</a><script>document.getElementById('a').click();</script>`),
    );
    expect(drawn.screenshot.length).toBeGreaterThan(0);
  });

  it('cuts a very tall page at the height cap', { timeout: 60_000 }, async () => {
    const drawn = await browser.render(page(`<div style="height:20000px;background:linear-gradient(#fff,#000)"></div>`));
    const meta = await sharp(drawn.screenshot).metadata();
    expect(meta.height).toBe(SHOT_MAX_HEIGHT_PX);
  });

  it('draws at most maxPages at once, and stops a page that never finishes loading', { timeout: 60_000 }, async () => {
    const slow = createPageBrowser({
      ...(chromium ? { executablePath: chromium } : {}),
      maxPages: 1,
      allowPrivate: false,
      allowAddress: (a) => a === '127.0.0.1',
      pageTimeoutMs: 8_000,
    });
    const hanging = http.createServer(() => undefined); // accepts, never answers
    const hangBase = await listen(hanging, '127.0.0.1');
    try {
      const started = Date.now();
      const both = await Promise.all([
        slow.render(page(`<p>one</p><img src="${hangBase}/never.png">`)),
        slow.render(page(`<p>two</p>`)),
      ]);
      expect(both.map((d) => d.html.includes('one') || d.html.includes('two'))).toEqual([true, true]);
      // One page at a time: the second waited for the first, which gave up on its image.
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await slow.close();
      hanging.closeAllConnections();
      await new Promise((r) => hanging.close(r));
    }
  });
});

describe('hasKoreanFont: docs/operating.md’s fonts-noto-cjk, checked when the browser starts', () => {
  /** A PATH holding only an `fc-list` that prints `out` (or none at all). */
  function pathWith(out: string | null) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sauce-fc-'));
    if (out !== null) {
      writeFileSync(path.join(dir, 'fc-list'), `#!/bin/sh\nprintf '%s' '${out}'\n`);
      chmodSync(path.join(dir, 'fc-list'), 0o755);
    }
    return { ...process.env, PATH: dir };
  }

  it('is true when fontconfig names a Korean font, false when none, null without fontconfig', async () => {
    expect(await hasKoreanFont(pathWith('Noto Sans CJK KR,Noto Sans CJK KR Regular\n'))).toBe(true);
    expect(await hasKoreanFont(pathWith(''))).toBe(false);
    expect(await hasKoreanFont(pathWith(null))).toBeNull();
  });
});

/** Chromium renderer processes descending from this test process (Linux `ps`). */
function renderers(): number {
  const rows = execFileSync('ps', ['-eww', '-o', 'pid=,ppid=,args='])
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/)!)
    .map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args! }));
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      if (ours.has(r.ppid) && !ours.has(r.pid)) {
        ours.add(r.pid);
        grew = true;
      }
    }
  }
  return rows.filter((r) => ours.has(r.pid) && r.args.includes('--type=renderer')).length;
}

describe.skipIf(!chromium)('the server’s browser under one deadline, sending no UDP (issue #28)', () => {
  it('stops pages whose script never yields at the deadline, frees their lanes and renderers, and draws the next page', { timeout: 60_000 }, async () => {
    const PAGE_MS = 6_000;
    const warn = vi.fn();
    const strict = createPageBrowser({
      ...(chromium ? { executablePath: chromium } : {}),
      maxPages: 2,
      allowPrivate: false,
      allowAddress: (a) => a === '127.0.0.1',
      pageTimeoutMs: PAGE_MS,
      log: { warn },
    });
    try {
      await strict.render(page('<p>the browser started</p>'));
      const started = Date.now();
      /** When each render settled, ms after the start, and how. */
      const timed = (p: Promise<unknown>) => p.then(
        () => ({ ms: Date.now() - started, err: null }),
        (e: Error) => ({ ms: Date.now() - started, err: e.message }),
      );
      const hostile = [
        timed(strict.render(page(`<p>before load</p><script>for (;;) {}</script>`))),
        timed(strict.render(page(`<p>after load</p><script>addEventListener('load', () => setTimeout(() => { for (;;) {} }, 0));</script>`))),
      ];
      // Saved after the two: it waits for a lane.
      const benign = timed(strict.render(page(`<p id="b">benign</p>`)));
      for (const h of await Promise.all(hostile)) {
        // Past its deadline, or (on a busy machine) its load's share of it before the document was served.
        expect(h.err).toMatch(/took over 6000 ms|Timeout/);
        expect(h.ms).toBeLessThan(PAGE_MS + 4_000);
      }
      const b = await benign;
      expect(b.err).toBeNull();
      expect(b.ms).toBeLessThan(PAGE_MS + 15_000);
      // No renderer is left spinning.
      await expect.poll(renderers, { timeout: 5_000 }).toBe(0);
      if (process.getuid?.() === 0) expect(warn).toHaveBeenCalledWith({}, NO_SANDBOX_WARNING);
      else expect(warn).not.toHaveBeenCalledWith({}, NO_SANDBOX_WARNING);
    } finally {
      await strict.close();
    }
  });

  it('sends no UDP: a page’s STUN and TURN servers on a loopback port receive nothing', { timeout: 60_000 }, async () => {
    const udp = dgram.createSocket('udp4');
    let packets = 0;
    udp.on('message', () => packets++);
    await new Promise<void>((r) => udp.bind(0, '127.0.0.1', r));
    const { port } = udp.address();
    try {
      // /slow.png holds the load event for 2 s while the connection gathers its candidates.
      const drawn = await browser.render(
        page(`<p id="s">not run</p><img src="/slow.png"><script>
          (async () => {
            const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${port}' }, { urls: 'turn:127.0.0.1:${port}', username: 'u', credential: 'p' }] });
            pc.createDataChannel('x');
            await pc.setLocalDescription(await pc.createOffer());
            document.getElementById('s').textContent = 'offer set';
          })().catch((e) => { document.getElementById('s').textContent = String(e); });
        </script>`),
      );
      expect(drawn.html).toContain('offer set');
      await new Promise((r) => setTimeout(r, 200));
      expect(packets).toBe(0);
    } finally {
      udp.close();
    }
  });

  it('launches Chromium with its sandbox when the server is not root', { timeout: 60_000 }, async () => {
    expect(launchOptions('/c', 1000).chromiumSandbox).toBe(true);
    expect(launchOptions('/c', 0).chromiumSandbox).toBe(false);
    // As root, a child process as `nobody` plays the server that is not.
    const nobody = (flag: string) => Number(execFileSync('id', [flag, 'nobody']).toString());
    const user = process.getuid?.() === 0 ? { uid: nobody('-u'), gid: nobody('-g') } : null;
    const home = mkdtempSync(path.join(os.tmpdir(), 'sauce-sandbox-'));
    if (user) chownSync(home, user.uid, user.gid);
    const script = `const pw = await import(process.env.PW); const { chromium } = pw.chromium ? pw : pw.default;
      const b = await chromium.launch(JSON.parse(process.env.OPTS));
      const p = await b.newPage(); await p.goto('chrome://sandbox'); console.log(await p.textContent('body')); await b.close();`;
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        ...user,
        env: { ...process.env, HOME: home, PW: createRequire(import.meta.url).resolve('playwright-core'), OPTS: JSON.stringify(launchOptions(chromium!, user?.uid)) },
        timeout: 40_000,
      });
      expect(stdout).toContain('You are adequately sandboxed');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
