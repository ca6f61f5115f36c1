// `npm run bench` part (issue #23: saving never waits for the network): the server as
// `npm start` runs it, with two local sites — one that accepts connections and never answers,
// one that answers at once. Prints
//   1. 30 saves at once linking to the site that never answers: latency p50/p99;
//   2. saves per second, 32 at a time for BENCH_SECONDS (default 10), without a link and
//      with a link (a new page of the answering site each time), side by side;
//   3. how long after its save a preview of the answering site shows (polled every 20 ms);
//   3b. issue #29: one person saves 90 sources linking to the site that never answers (3 waves
//      of 30 at once), then another person saves one linking to the answering site: how long
//      its preview takes, p50/p99 over 20 runs (the backlog of slow links grows run by run);
//   4. issue #29: saves 30 at once into ONE space for BENCH_SECONDS each — one person's space,
//      then 30 people's team space — without a link, linking to the answering site (a new
//      page each time; then a new 80 KB article page each time) and to the site that never
//      answers (a new page each time), on a server of its own with the plan unlimited
//      (PLAN_SOURCES_PER_SPACE=unlimited): saves a second and p50/p99 beside last week's; and
//      after the article pages, saves one at a time (no link) while those pages are read.
// Prints figures; asserts nothing.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from './bench-server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_SAVES=one-space runs part 4 alone. */
const ONLY_ONE_SPACE = process.env.BENCH_SAVES === 'one-space';
/** BENCH_GAP_MS: how long part 4 leaves the server idle before each row (default 0), e.g. 30000 for a burst after a quiet moment. */
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 0);
/** BENCH_ROW runs only part 4's rows whose label holds it (e.g. 'team space, a link, site answers'), for one row's database statistics. */
const ONLY_ROW = process.env.BENCH_ROW;
const AT_ONCE = 32;
/** The beta plan's sources a space holds (SPEC §9): part 2 moves on to the next person's space at it. */
const PLAN_SOURCES = 100;
/**
 * People saving across spaces, each into their own (which holds the beta plan's 100
 * sources): room for part 2's two runs at up to 1,500 saves a second, and parts 1 and 3 (a
 * machine that saved 760 a second filled 100 spaces within one run of 10 s).
 */
const PEOPLE = Math.max(100, Math.ceil((2 * SECONDS * 1_500 + 500) / PLAN_SOURCES));

const silent = http.createServer(() => undefined); // accepts, never answers
/**
 * An article page as news sites and blogs serve them (about 80 KB: meta tags, an inline
 * script, a menu of 80 links, 100 paragraphs with links, code and figures, related links,
 * comments and a footer), for part 4's row of links to real pages: a preview and a copy read
 * it as they would a page on the web, where the 70-byte page below costs nothing to read.
 */
const articlePage = (path: string) => {
  const para = (i: number) =>
    `<p>Paragraph ${i} of ${path}: optical kerning adjusts the space between <a href="/k/${i}">letter pairs</a> so that words read evenly; <em>tracking</em> spaces a whole line, and <strong>leading</strong> the lines themselves. Designers check both at the sizes the text is read at, on paper and on screens.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Article ${path}</title>
<meta property="og:title" content="Article ${path}"><meta property="og:description" content="How type is spaced."><meta property="og:image" content="/i.png">
${Array.from({ length: 20 }, (_, i) => `<link rel="preload" href="/asset/${i}.js" as="script">`).join('')}
<script>${'window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}'.repeat(300)}</script>
<style>${'.menu a{color:#222;padding:4px 8px}'.repeat(200)}</style></head><body>
<nav class="menu">${Array.from({ length: 80 }, (_, i) => `<a href="/section/${i}">Section ${i}</a>`).join('')}</nav>
<main><article><h1>Article ${path}</h1>
${Array.from({ length: 100 }, (_, i) => para(i) + (i % 8 === 7 ? `<figure><img src="/fig/${i}.jpg" width="800" height="450"><figcaption>Figure ${i}</figcaption></figure><pre><code>${'const leading = size * 1.5;\n'.repeat(12)}</code></pre>` : '')).join('\n')}
</article><aside class="related">${Array.from({ length: 30 }, (_, i) => `<div class="card"><a href="/related/${i}"><img src="/r/${i}.jpg"><span>Related ${i}</span></a></div>`).join('')}</aside>
<section class="comments">${Array.from({ length: 20 }, (_, i) => `<div class="comment"><b>Reader ${i}</b><p>Comment ${i}: the figures helped.</p></div>`).join('')}</section></main>
<footer>${Array.from({ length: 40 }, (_, i) => `<a href="/f/${i}">Footer ${i}</a>`).join(' ')}<p>© Bench</p></footer></body></html>`;
};
const instant = http.createServer((req, res) =>
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(req.url?.startsWith('/article/') ? articlePage(req.url) : `<title>Page ${req.url}</title><meta property="og:image" content="/i.png">`),
);
/** Two hosts, as two sites would be: the silent one at 127.0.0.1, the instant one at localhost. */
const listen = async (s: http.Server, host: string) => {
  await new Promise<void>((r) => s.listen(0, host === 'localhost' ? '::' : host, r)); // '::' takes IPv4 too
  return `http://${host}:${(s.address() as AddressInfo).port}`;
};
const silentOrigin = await listen(silent, '127.0.0.1');
const instantOrigin = await listen(instant, 'localhost');
/** Issue #29's figures from before it (the same machine, quiet): across spaces, and into one space. */
const LAST_WEEK = {
  acrossSpaces: '289/s, p99 287 ms (32 at once across 100 spaces)',
  oneSpace: '22–27/s, p50 0.9 s, p90 1.6 s without a link; 11/s, p90 3.8 s with one',
};

/**
 * The load's own client: node:http over kept-alive connections. It runs on the server's two
 * cores, so it should take as little of them as it can: fetch (undici) took 1.3–2.2 ms of CPU
 * a save, this 0.6–0.7 ms (printed with each run's figures, beside the server's and the
 * database's). People's browsers are not on the server's machine.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
/** Sends `body` (JSON) to `url`, or GETs it without one; resolves with the status and the JSON answer. */
function call(url: string, token: string, body?: unknown): Promise<{ status: number; json: { data?: { id: number } } & Record<string, unknown> }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: payload === undefined ? 'GET' : 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString() || '{}') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** CPU time (ms) used so far by the server process and its children (the embedded PostgreSQL's processes apart), and by PostgreSQL's. */
function serverCpu(root: number): { server: number; db: number } {
  const procs = new Map<number, { ppid: number; ms: number; db: boolean }>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(pid), { ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * 10, db: stat.includes('(postgres') });
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid: number) => {
    for (let p = pid, depth = 0; p > 1 && depth < 20; depth++, p = procs.get(p)?.ppid ?? 0) if (p === root) return true;
    return false;
  };
  const cpu = { server: 0, db: 0 };
  for (const [pid, p] of procs) if (under(pid)) cpu[p.db ? 'db' : 'server'] += p.ms;
  return cpu;
}

/** Starts counting CPU; `per(n)` then says the CPU each of `n` requests took, ms, of the server, the database and this client. */
function cpuMeter(serverPid: number) {
  const s0 = serverCpu(serverPid);
  const c0 = process.cpuUsage();
  return (n: number) => {
    const s1 = serverCpu(serverPid);
    const c = process.cpuUsage(c0);
    const each = (x: number) => (x / n).toFixed(1);
    return `CPU a save: server ${each(s1.server - s0.server)} ms, database ${each(s1.db - s0.db)} ms, this client ${each((c.user + c.system) / 1000)} ms`;
  };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((p / 100) * (xs.length - 1))] ?? NaN;
const ms = (n: number) => `${n.toFixed(0)} ms`;

if (!ONLY_ONE_SPACE) await acrossSpaces();

/** Parts 1–3b, on a server of their own. */
async function acrossSpaces() {
  // Text copies only: the screenshots' browser has its own bench (bench-copies.ts).
  const server = await startServer('bench-saves', { METADATA_ALLOW_PRIVATE: 'true', LINK_SCREENSHOTS: 'false' });
  const base = server.base;
  try {
    const people: { token: string; space: number; saved: number }[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const { token, personal } = await server.signIn(`saver${i}@example.com`);
      people.push({ token, space: personal, saved: 0 });
    }
    let next = 0;
    /** The next person with room in their space. */
    const someone = () => {
      for (let i = 0; i < PEOPLE; i++) {
        const p = people[next++ % PEOPLE]!;
        if (p.saved < PLAN_SOURCES) return p;
      }
      throw new Error('every space is full: raise PEOPLE');
    };
    const save = async (link: string | null) => {
      const p = someone();
      p.saved++;
      const started = performance.now();
      const res = await call(`${base}/api/archive/sauce/${p.space}`, p.token, { type: 'TEXT', title: 'Bench', textSauce: { text: 'note', link } });
      if (res.status !== 200) throw new Error(`save answered ${res.status}`);
      return { ms: performance.now() - started, id: res.json.data!.id, person: p };
    };

    // Warm-up (not measured): the pool's connections, the JIT, and the modules a link's preview and copy load.
    for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: 30 }, (_, j) => save(i === 2 ? `${instantOrigin}/warm/${j}` : null)));
    await sleep(3000);

    // 1. Thirty saves at once to a site that never answers.
    const burst = await Promise.all(Array.from({ length: 30 }, () => save(`${silentOrigin}/never`)));
    const burstMs = burst.map((b) => b.ms);
    console.log(`Saves linking to a site that never answers, 30 at once: p50 ${ms(pct(burstMs, 50))}, p99 ${ms(pct(burstMs, 99))}, max ${ms(Math.max(...burstMs))}`);

    // 2. Throughput, without and with a link.
    let last: Awaited<ReturnType<typeof save>> | undefined;
    const throughput = async (withLink: boolean) => {
      let n = 0;
      const latencies: number[] = [];
      const until = Date.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          while (Date.now() < until) {
            const r = await save(withLink ? `${instantOrigin}/page/${n}` : null);
            last = r;
            latencies.push(r.ms);
            n++;
          }
        }),
      );
      return { perSecond: n / SECONDS, p50: pct(latencies, 50), p99: pct(latencies, 99) };
    };
    let cpu = cpuMeter(server.pid);
    const without = await throughput(false);
    const withoutCpu = cpu(without.perSecond * SECONDS);
    await sleep(2000);
    cpu = cpuMeter(server.pid);
    const withLinks = await throughput(true);
    const withCpu = cpu(withLinks.perSecond * SECONDS);
    console.log(`Saves, ${AT_ONCE} at a time for ${SECONDS} s, across spaces (last week: ${LAST_WEEK.acrossSpaces}):`);
    console.log(`  without a link: ${without.perSecond.toFixed(0)}/s, p50 ${ms(without.p50)}, p99 ${ms(without.p99)} (${withoutCpu})`);
    console.log(`  with a link:    ${withLinks.perSecond.toFixed(0)}/s, p50 ${ms(withLinks.p50)}, p99 ${ms(withLinks.p99)} (${((withLinks.perSecond / without.perSecond) * 100).toFixed(0)} % of without; ${withCpu})`);

    /** Polls a saved source every 20 ms until its preview is no longer pending; returns when (ms since `started`). */
    const landed = async (r: Awaited<ReturnType<typeof save>>, started: number) => {
      for (;;) {
        const res = await call(`${base}/api/archive/sauce/${r.person.space}/${r.id}`, r.person.token);
        const status = (res.json as unknown as { data: { textCard: { previewStatus: string } } }).data.textCard.previewStatus;
        if (status !== 'pending') return performance.now() - started;
        if (performance.now() - started > 120_000) throw new Error('a preview took over 2 minutes');
        await sleep(20);
      }
    };
    const drainStarted = performance.now();
    console.log(`  the last preview of the run landed ${ms(await landed(last!, drainStarted))} after the run ended`);

    // 3. How soon a preview shows: save, then poll the source until it is no longer pending.
    const shown: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await save(`${instantOrigin}/soon/${i}`);
      shown.push(await landed(r, performance.now() - r.ms));
    }
    console.log(`Preview of a site that answers at once, shown after its save: p50 ${ms(pct(shown, 50))}, max ${ms(Math.max(...shown))}`);

    // 3b. Issue #29: one person's backlog of slow links, then someone else's quick page.
    const RUNS = 20;
    const behind: number[] = [];
    const saveAs = async (who: { token: string; space: number }, link: string) => {
      const started = performance.now();
      const res = await call(`${base}/api/archive/sauce/${who.space}`, who.token, { type: 'TEXT', title: 'Bench', textSauce: { text: 'note', link } });
      if (res.status !== 200) throw new Error(`save answered ${res.status}`);
      return { ms: performance.now() - started, id: res.json.data!.id, person: { ...who, saved: 0 } };
    };
    for (let run = 0; run < RUNS; run++) {
      const slow = await server.signIn(`backlog${run}@example.com`);
      for (let wave = 0; wave < 3; wave++) {
        await Promise.all(Array.from({ length: 30 }, (_, i) => saveAs({ token: slow.token, space: slow.personal }, `${silentOrigin}/backlog/${run}/${wave}/${i}`)));
      }
      const quick = await server.signIn(`quick${run}@example.com`);
      const r = await saveAs({ token: quick.token, space: quick.personal }, `${instantOrigin}/quick/${run}`);
      behind.push(await landed(r, performance.now() - r.ms));
    }
    console.log(
      `Another person’s quick preview behind one person’s 90 saves to a site that never answers (${RUNS} runs, the backlog growing): p50 ${ms(pct(behind, 50))}, p99 ${ms(pct(behind, 99))} (before issue #29: not there after 20 s)`,
    );
  } finally {
    await server.stop();
  }
}

// 4. Issue #29: 30 at once into ONE space, on a server of its own with the plan unlimited.
const oneSpace = await startServer('bench-saves-one', {
  METADATA_ALLOW_PRIVATE: 'true',
  LINK_SCREENSHOTS: 'false',
  PLAN_SOURCES_PER_SPACE: 'unlimited',
  PLAN_MEMBERS_PER_SPACE: 'unlimited',
});
try {
  const ONE_AT_ONCE = 30;
  const base = oneSpace.base;
  const json = async (res: Response) => {
    if (res.status !== 200) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { data: { id: number } }).data;
  };
  const owner = await oneSpace.signIn('one-space-owner@example.com');
  const form = new FormData();
  form.set('name', 'Bench team');
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const team = (await json(await fetch(`${base}/api/workspace`, { method: 'POST', headers: auth(owner.token), body: form }))).id;
  const invite = await json(
    await fetch(`${base}/api/workspace/invite/create`, {
      method: 'POST',
      headers: { ...auth(owner.token), 'content-type': 'application/json' },
      body: JSON.stringify({ workspace: { id: team }, permission: 'EDITOR' }),
    }),
  );
  const members: string[] = [];
  for (let i = 0; i < ONE_AT_ONCE; i++) {
    const { token } = await oneSpace.signIn(`teammate${i}@example.com`);
    await json(await fetch(`${base}/api/workspace/invitation/${invite.id}`, { method: 'POST', headers: auth(token) }));
    members.push(token);
  }
  let page = 0;
  const saveInto = async (space: number, token: string, link: string | null) => {
    const started = performance.now();
    const res = await call(`${base}/api/archive/sauce/${space}`, token, { type: 'TEXT', title: 'Bench', textSauce: { text: 'note', link } });
    if (res.status !== 200) throw new Error(`a save answered ${res.status}: ${JSON.stringify(res.json)}`);
    return performance.now() - started;
  };
  /** Saves a second and p50/p99 of 30 loops saving into `space` (loop i as `tokens[i]`) for SECONDS. */
  const run = async (space: number, tokens: string[], link: 'none' | 'answering' | 'article' | 'never') => {
    const latencies: number[] = [];
    const cpu = cpuMeter(oneSpace.pid);
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      tokens.map(async (token) => {
        while (Date.now() < until) {
          const n = page++;
          const target = { none: null, answering: `${instantOrigin}/one/${n}`, article: `${instantOrigin}/article/${n}`, never: `${silentOrigin}/one/${n}` }[link];
          latencies.push(await saveInto(space, token, target));
        }
      }),
    );
    const n = latencies.length;
    return `${(n / SECONDS).toFixed(0)}/s, p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))} (${cpu(n)})`;
  };
  /** p50/p99 of saves without a link one at a time for SECONDS: someone alone, while the link jobs queued before run beside them. */
  const alone = async (space: number, token: string) => {
    const latencies: number[] = [];
    const until = Date.now() + SECONDS * 1000;
    while (Date.now() < until) latencies.push(await saveInto(space, token, null));
    return `p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}, max ${ms(Math.max(...latencies))} (${latencies.length} saves)`;
  };
  const personal = Array<string>(ONE_AT_ONCE).fill(owner.token);
  // Warm-up (not measured): the pool's connections, the JIT, and the modules a link's preview and copy load.
  for (const link of [null, `${instantOrigin}/warm`, `${instantOrigin}/article/warm`] as const) {
    for (let i = 0; i < 3; i++) await Promise.all(personal.map((token, j) => saveInto(owner.personal, token, link && `${link}/${i}/${j}`)));
  }
  await sleep(3000);
  console.log(`Saves, ${ONE_AT_ONCE} at once into ONE space for ${SECONDS} s each, plan unlimited (issue #29; last week: ${LAST_WEEK.oneSpace}):`);
  // The site that never answers last: its previews keep retrying after their run.
  for (const link of ['none', 'answering', 'article', 'never'] as const) {
    let ranRows = false;
    for (const [who, space, tokens] of [
      ['one person’s space', owner.personal, personal],
      [`${ONE_AT_ONCE} people, one team space`, team, members],
    ] as const) {
      const label = { none: 'without a link', answering: 'a link, site answers', article: 'a link, an 80 KB article page', never: 'a link, site never answers' }[link];
      if (ONLY_ROW && !`${who}, ${label}`.includes(ONLY_ROW)) continue;
      ranRows = true;
      await sleep(GAP_MS);
      console.log(`  ${who}, ${label}: ${await run(space, tokens, link)}`);
      await sleep(2000);
    }
    if (link === 'article' && ranRows) {
      console.log(`  one save at a time, no link, while the article pages saved above are read: ${await alone(owner.personal, owner.token)}`);
    }
  }
} finally {
  await oneSpace.stop();
  silent.closeAllConnections();
  silent.close();
  instant.close();
}
