// `npm run bench:scale` (issue #9 "Scale and soak"): 1,000,000 sources across 10,000
// workspaces (100 each, two or three tags and a folder each) on the embedded PostgreSQL
// (or BENCH_DATABASE_URL: an empty database), then, on one connection, the latency of a
// workspace's list, a tag filter and a title search over BENCH_SAMPLES random workspaces
// (default 300): p50, p95 and max, with each query's plan. Prints figures; asserts nothing.
// BENCH_WORKSPACES (default 10,000) scales the data down for a quick look.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { listSauces } from '../apps/api/src/services/sauces.ts';

const WORKSPACES = Number(process.env.BENCH_WORKSPACES ?? 10_000);
const PER_WORKSPACE = 100;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const WORDS = ['color', 'type', 'layout', 'grid', 'motion', 'brand', 'icon', 'photo', 'ux', 'ui', 'web', 'app', 'mobile', 'print', 'poster',
  'logo', 'font', 'serif', 'sans', 'mono', 'dark', 'light', 'card', 'form', 'table', 'chart', 'map', 'nav', 'menu', 'modal',
  'button', 'input', 'hero', 'footer', 'pricing', 'landing', 'blog', 'docs', 'shop', 'cart', '디자인', '브랜딩', '타이포', '레이아웃',
  '색상', '아이콘', '사진', '모션', '그리드', '카드'];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-bench-scale-'));
chmodSync(dataDir, 0o755);
const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  dataDir,
  timeouts: { connectTimeoutMs: 10_000, statementTimeoutMs: 0 },
});
const { db, pool } = database;
const q = (text: string, values: unknown[] = []) => pool.query(text, values);
const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;

try {
  const t0 = Date.now();
  await q(`INSERT INTO users (nickname, dev_email) SELECT 'bench' || g, 'bench' || g || '@example.com' FROM generate_series(1, $1) g`, [WORKSPACES]);
  await q(`INSERT INTO workspaces (name, is_personal, created_by) SELECT 'My space', true, u.id FROM users u ORDER BY u.id`);
  await q(`INSERT INTO workspace_members (workspace_id, user_id, permission) SELECT w.id, w.created_by, 'OWNER' FROM workspaces w`);
  await q(`INSERT INTO folders (workspace_id, name, "order") SELECT w.id, 'Folder ' || f, f FROM workspaces w, generate_series(1, 3) f`);
  await q(
    `INSERT INTO sauces (workspace_id, author_id, type, title, text, created_at, updated_at)
     SELECT w.id, w.created_by, 'TEXT',
       'Reference ' || i || ' on ' || (${words})[1 + (w.id * 7 + i) % ${WORDS.length}],
       'Notes for reference ' || i, now() - make_interval(mins => i), now() - make_interval(mins => i)
     FROM workspaces w, generate_series(1, ${PER_WORKSPACE}) i`,
  );
  await q(
    `INSERT INTO sauce_tags (sauce_id, name, position)
     SELECT s.id, (${words})[1 + (s.id * k) % ${WORDS.length}], k - 1
     FROM sauces s, generate_series(1, 3) k WHERE k < 3 OR s.id % 2 = 0
     ON CONFLICT DO NOTHING`,
  );
  await q(
    `INSERT INTO sauce_folders (sauce_id, folder_id)
     SELECT s.id, f.id FROM sauces s JOIN folders f ON f.workspace_id = s.workspace_id AND f."order" = 1 + s.id % 3`,
  );
  await q('ANALYZE');
  const counts = (await q(`SELECT (SELECT count(*) FROM sauces)::int AS sauces, (SELECT count(*) FROM sauce_tags)::int AS tags`)).rows[0];
  console.log(`Data: ${counts.sauces.toLocaleString()} sources, ${counts.tags.toLocaleString()} tags in ${WORKSPACES.toLocaleString()} workspaces, made in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  const sample = (await q(`SELECT w.id, w.created_by AS user FROM workspaces w ORDER BY random() LIMIT $1`, [SAMPLES])).rows as { id: number; user: number }[];
  const cases = {
    'list (100 newest)': (w: { id: number; user: number }) => listSauces(db, w.id, w.user, { page: 1, pageSize: 100 }),
    'tag filter': (w: { id: number; user: number }) => listSauces(db, w.id, w.user, { page: 1, pageSize: 100, tag: [WORDS[w.id % WORDS.length]!] }),
    'title search': (w: { id: number; user: number }) => listSauces(db, w.id, w.user, { page: 1, pageSize: 100, search: 'Reference 4' }),
  };
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  console.log(`\nOne connection, ${SAMPLES} random workspaces each (service call: SQL, JSON aggregation, rows to records), ms`);
  for (const [name, run] of Object.entries(cases)) {
    for (const w of sample.slice(0, 20)) await run(w); // warm the statement cache and buffers
    const times: number[] = [];
    for (const w of sample) {
      const started = performance.now();
      await run(w);
      times.push(performance.now() - started);
    }
    console.log(`  ${name.padEnd(18)} p50 ${pct(times, 50).toFixed(2)}   p95 ${pct(times, 95).toFixed(2)}   max ${Math.max(...times).toFixed(2)}   (target p95 ≤ 20)`);
  }

  const w = sample[0]!;
  const plan = async (label: string, where: string, values: unknown[]) => {
    const r = await q(
      `EXPLAIN (ANALYZE, BUFFERS OFF, COSTS OFF, SUMMARY ON) SELECT s.id FROM sauces s WHERE s.workspace_id = $1 ${where} ORDER BY s.created_at DESC, s.id DESC LIMIT 100`,
      [w.id, ...values],
    );
    console.log(`\nPlan: ${label}\n${r.rows.map((x: Record<string, string>) => `  ${x['QUERY PLAN']}`).join('\n')}`);
  };
  await plan('list', '', []);
  await plan('tag filter', 'AND EXISTS (SELECT 1 FROM sauce_tags t WHERE t.sauce_id = s.id AND t.name = $2)', [WORDS[w.id % WORDS.length]]);
  await plan('title search', `AND s.title ILIKE $2`, ['%Reference 4%']);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
