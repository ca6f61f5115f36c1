// `npm run bench` part (issue #21: every link keeps a copy, drawn by a browser): the server as
// `npm start` runs it, with a Chromium (CHROMIUM_PATH or `chromium` on the PATH) and a local
// site whose every page loads a stylesheet that takes 500 ms — so the site sees how many
// pages the browser has open at once. Saves 50 links at once, then prints
//   1. the most pages open at once (the configured BROWSER_PAGES is the bound), and how long
//      until all 50 copies were kept;
//   2. the source list's latency (one request at a time) before and during the burst.
// Prints figures; asserts nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from './bench-server-process.ts';

const LINKS = 50;
const PAGES = Number(process.env.BENCH_BROWSER_PAGES ?? 2);

let open = 0;
let mostOpen = 0;
const site = http.createServer((req, res) => {
  if (req.url?.startsWith('/slow.css')) {
    open++;
    mostOpen = Math.max(mostOpen, open);
    setTimeout(() => {
      open--;
      res.writeHead(200, { 'content-type': 'text/css' }).end('body{background:#f4efe6}');
    }, 500);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
    `<!doctype html><title>Page ${req.url}</title><link rel="stylesheet" href="/slow.css?${req.url}"><article><h1>Page ${req.url}</h1>${'<p>Optical kerning adjusts the space between letter pairs so that words read evenly.</p>'.repeat(8)}</article>`,
  );
});
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

const server = await startServer('bench-copies', { METADATA_ALLOW_PRIVATE: 'true', LINK_SCREENSHOTS: 'true', BROWSER_PAGES: String(PAGES) });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((p / 100) * (xs.length - 1))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

try {
  const saver = await server.signIn('copies-saver@example.com');
  const reader = await server.signIn('copies-reader@example.com');
  const get = (url: string, token: string) => fetch(`${server.base}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  // The reader's list: 100 sources of their own.
  for (let i = 0; i < 100; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, j) =>
        fetch(`${server.base}/api/archive/sauce/${reader.personal}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'TEXT', title: `Note ${i + j}`, textSauce: { text: 'note', link: null } }),
        }),
      ),
    );
  }
  const readList = async () => {
    const started = performance.now();
    const res = await get(`/archive/sauce/${reader.personal}/list`, reader.token);
    await res.arrayBuffer();
    return performance.now() - started;
  };
  const before: number[] = [];
  for (let i = 0; i < 200; i++) before.push(await readList());

  const burstStarted = performance.now();
  await Promise.all(
    Array.from({ length: LINKS }, (_, i) =>
      fetch(`${server.base}/api/archive/sauce/${saver.personal}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${saver.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'TEXT', title: `Link ${i}`, textSauce: { text: '', link: `${origin}/page/${i}` } }),
      }).then((r) => r.arrayBuffer()),
    ),
  );
  const during: number[] = [];
  let pending = LINKS;
  const reading = (async () => {
    while (pending > 0) during.push(await readList());
  })();
  while (pending > 0) {
    await sleep(250);
    const list = (await (await get(`/archive/sauce/${saver.personal}/list?pageSize=100`, saver.token)).json()) as {
      data: { results: { textCard: { copyStatus: string } }[] };
    };
    pending = list.data.results.filter((r) => r.textCard.copyStatus === 'pending').length;
    if (performance.now() - burstStarted > 600_000) throw new Error('copies took over 10 minutes');
  }
  await reading;
  const shots = (await (await get(`/archive/sauce/${saver.personal}/list?pageSize=100`, saver.token)).json()) as { data: { results: { thumbnail: string | null }[] } };
  console.log(`Saved copies with screenshots, ${LINKS} links saved at once, BROWSER_PAGES=${PAGES}:`);
  console.log(`  pages open at once: at most ${mostOpen}; all ${LINKS} kept after ${(performance.now() - burstStarted) / 1000 | 0} s; ${shots.data.results.filter((r) => r.thumbnail).length} with a screenshot`);
  console.log(`  the list (100 sources), one request at a time: before p50 ${ms(pct(before, 50))} p99 ${ms(pct(before, 99))}; during p50 ${ms(pct(during, 50))} p99 ${ms(pct(during, 99))} (${during.length} reads)`);
  console.log(`  server memory at its peak: ${server.memoryMb('VmHWM').toFixed(0)} MB (the browser's own processes not counted)`);
} finally {
  await server.stop();
  site.close();
}
