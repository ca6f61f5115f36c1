// `npm run soak` (issue #9 "Scale and soak"): 200 connections for SOAK_SECONDS (default 60)
// of mixed reads and writes from 50 people, against the server as `npm start` runs it
// (embedded PostgreSQL, local files). Each person works in their own space and in one
// team space shared by five: lists, reads, creates, edits and deletes sources and
// folders. Then (issue #18) two members of one space upload, save, edit, delete, share and
// change folders and tags, 16 requests at a time for SOAK_TEAM_SECONDS (default 30).
// Prints answers by status, errors, latency and the server's peak resident memory, then checks that every write answered 2xx is in the database (and every
// 2xx delete is gone). Prints figures; exits 1 when there was a 5xx, a network error or a
// lost write.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { runTeamMix } from '../apps/api/src/test/team-mix.ts';
import { startServer } from './bench-server-process.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CONNECTIONS = 200;
const PEOPLE = 50;
/** How long the team-at-once phase runs, s (issue #18). */
const TEAM_SECONDS = Number(process.env.SOAK_TEAM_SECONDS ?? 30);

const server = await startServer('soak');
const { base } = server;

/** One request (Node's fetch keeps a connection per loop alive: 200 loops, 200 connections). */
async function call(method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as { data?: any }) : null };
}

try {
  // 50 people; every five share a team space made by the first of them (the beta's 5 members).
  const people: { token: string; personal: number; team: number }[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const { token, personal } = await server.signIn(`soak${i}@example.com`);
    people.push({ token, personal, team: 0 });
  }
  for (let g = 0; g < PEOPLE; g += 5) {
    const owner = people[g]!;
    const form = new FormData();
    form.append('name', `Team ${g / 5}`);
    const team = ((await (await fetch(`${base}/api/workspace`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form })).json()) as { data: { id: number } }).data.id;
    const invite = (await call('POST', '/api/workspace/invite/create', owner.token, { workspace: { id: team }, permission: 'EDITOR' })).json!.data.id as string;
    for (let k = g; k < g + 5; k++) {
      if (k !== g) await call('POST', `/api/workspace/invitation/${invite}`, people[k]!.token);
      people[k]!.team = team;
    }
  }

  const statuses = new Map<number, number>();
  let networkErrors = 0;
  const latencies: number[] = [];
  /** Sources a 2xx create made and no 2xx delete removed, by workspace. */
  const created = new Map<number, Set<number>>();
  const inSpace = (ws: number) => created.get(ws) ?? created.set(ws, new Set()).get(ws)!;
  const pick = (ids: Set<number>) => [...ids][Math.floor(Math.random() * ids.size)]!;
  const deleted = new Set<number>();
  const edits = new Map<number, string>();
  const until = Date.now() + SECONDS * 1000;
  const count = (s: number) => statuses.set(s, (statuses.get(s) ?? 0) + 1);

  const loop = async (c: number) => {
    const me = people[c % PEOPLE]!;
    let n = 0;
    while (Date.now() < until) {
      const ws = n++ % 2 ? me.team : me.personal;
      const started = performance.now();
      try {
        const dice = Math.random();
        let r;
        if (dice < 0.55) r = await call('GET', `/api/archive/sauce/${ws}/list?pageSize=100`, me.token);
        else if (dice < 0.65) r = await call('GET', `/api/archive/folder/${ws}/list`, me.token);
        else if (dice < 0.8) {
          r = await call('POST', `/api/archive/sauce/${ws}`, me.token, { type: 'TEXT', title: `soak ${c}-${n}`, textSauce: { text: 'soak' }, tagSet: ['soak'] });
          if (r.status === 200) inSpace(ws).add(r.json!.data.id);
        } else if (dice < 0.9 && inSpace(ws).size) {
          const id = pick(inSpace(ws));
          const title = `edited ${c}-${n}`;
          r = await call('PATCH', `/api/archive/sauce/${ws}/${id}`, me.token, { title });
          if (r.status === 200) edits.set(id, title);
        } else if (inSpace(ws).size) {
          const id = pick(inSpace(ws));
          inSpace(ws).delete(id); // another loop deleting it too answers 404, as it should
          r = await call('DELETE', `/api/archive/sauce/${ws}/${id}`, me.token);
          if (r.status === 200) {
            deleted.add(id);
            edits.delete(id);
          }
        } else r = await call('GET', `/api/workspace/${ws}/status`, me.token);
        count(r.status);
      } catch {
        networkErrors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => loop(c)));
  const wall = (Date.now() - started) / 1000;
  const peak = server.memoryMb('VmHWM');

  // Issue #18: then a team of two in a space of their own, 16 requests at a time —
  // uploads, image and text saves, edits, deletes, shares, folder and tag changes.
  const [owner, editor] = [people[0]!, people[1]!];
  const teamForm = new FormData();
  teamForm.append('name', 'At once');
  const atOnce = ((await (await fetch(`${base}/api/workspace`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: teamForm })).json()) as { data: { id: number } }).data.id;
  const link = (await call('POST', '/api/workspace/invite/create', owner.token, { workspace: { id: atOnce }, permission: 'EDITOR' })).json!.data.id as string;
  await call('POST', `/api/workspace/invitation/${link}`, editor.token);
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3d8bff' } }).png().toBuffer();
  const mixStarted = Date.now();
  const mix = await runTeamMix({
    workspaceId: atOnce,
    members: [owner.token, editor.token],
    png,
    seconds: TEAM_SECONDS,
    atOnce: 16,
    async send(token, req) {
      if (!req.file) return call(req.method, req.url, token as string, req.payload);
      const form = new FormData();
      form.append('file', new Blob([req.file], { type: 'image/png' }), 'a.png');
      const res = await fetch(`${base}${req.url}`, { method: req.method, headers: { authorization: `Bearer ${token as string}` }, body: form });
      return { status: res.status, json: await res.json() };
    },
  });
  const mixWall = (Date.now() - mixStarted) / 1000;

  // Every 2xx write is there; every 2xx delete is gone.
  const dbUrl = readFileSync(path.join(server.dataDir, 'db-password'), 'utf8').trim();
  const pid = readFileSync(path.join(server.dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n');
  const client = new pg.Client({ host: '127.0.0.1', port: Number(pid[3]), user: 'sauce', password: dbUrl, database: 'sauce' });
  await client.connect();
  const rows = (await client.query<{ id: number; title: string }>('SELECT id, title FROM sauces')).rows;
  const deadlocks = (await client.query<{ n: number }>(`SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = 'sauce'`)).rows[0]!.n;
  await client.end();
  const byId = new Map(rows.map((r) => [r.id, r.title]));
  const kept = [...created.values()].flatMap((ids) => [...ids]);
  const missing = kept.filter((id) => !byId.has(id)).length;
  const resurrected = [...deleted].filter((id) => byId.has(id)).length;
  const wrongEdit = [...edits].filter(([id, title]) => byId.has(id) && byId.get(id) !== title).length;

  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  const pct = (p: number) => [...latencies].sort((a, b) => a - b)[Math.floor((p / 100) * (latencies.length - 1))]!;
  const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
  console.log(`Soak: ${CONNECTIONS} connections, ${PEOPLE} people, ${wall.toFixed(0)} s: ${total} answers (${(total / wall).toFixed(0)}/s)`);
  console.log(`  by status: ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ')}; network errors: ${networkErrors}`);
  console.log(`  latency ms: p50 ${pct(50).toFixed(0)}, p95 ${pct(95).toFixed(0)}, p99 ${pct(99).toFixed(0)}, max ${Math.max(...latencies).toFixed(0)}`);
  console.log(`  server peak resident memory: ${peak.toFixed(0)} MB`);
  console.log(`  writes: ${kept.length} sources kept (${missing} missing), ${deleted.size} deleted (${resurrected} still there), ${edits.size} edited (${wrongEdit} not as answered)`);
  const mixTotal = mix.latencies.length;
  const mixPct = (p: number) => [...mix.latencies].sort((a, b) => a - b)[Math.floor((p / 100) * (mixTotal - 1))]!;
  console.log(`Team at once: 2 members of one space, 16 requests at a time, ${mixWall.toFixed(0)} s: ${mixTotal} answers (${(mixTotal / mixWall).toFixed(0)}/s), ${mix.failures.length} of 500 or more`);
  for (const [kind, byStatus] of mix.statuses) {
    console.log(`  ${kind}: ${[...byStatus].sort(([a], [b]) => a - b).map(([st, n]) => `${st}: ${n}`).join(', ')}`);
  }
  console.log(`  latency ms: p50 ${mixPct(50).toFixed(0)}, p95 ${mixPct(95).toFixed(0)}, p99 ${mixPct(99).toFixed(0)}`);
  console.log(`  deadlocks PostgreSQL detected over the whole soak (each retried by the server): ${deadlocks}`);
  if (fivexx || networkErrors || missing || resurrected || mix.failures.length) process.exitCode = 1;
} finally {
  await server.stop();
}
