// `npm run bench` (third part): the article list with 10,000 articles on the embedded
// PostgreSQL (or BENCH_DATABASE_URL). Prints p50/p95 of GET /api/discovery/articles for
// category pages and searches (through the whole app: validation, SQL, serializer), and
// compares search indexes for Korean and English: pg_trgm (what the migration builds),
// none (a sequential scan), and full-text search with the 'simple' configuration — time
// and how many of the right rows each finds. Issue #10 targets: a category page p95 under
// 20 ms, a search under 50 ms. Prints figures; asserts nothing.
// BENCH_ARTICLE_REQUESTS (default 300): requests per scenario.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDb, createPool, migrateDb } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';

const ARTICLES = 10_000;
const REQUESTS = Number(process.env.BENCH_ARTICLE_REQUESTS ?? 300);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-bench-articles-'));
chmodSync(dataDir, 0o755);
const embedded = process.env.BENCH_DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'db'), database: 'postgres', persistent: false });
let url = process.env.BENCH_DATABASE_URL ?? embedded!.url;
{
  // A database of its own.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `sauce_bench_articles_${process.pid}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  url = u.toString();
}
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ARTICLES_SEED: 'false', DATABASE_URL: url });
const pool = createPool(url, config.db);
const db = createDb(pool);
await migrateDb(db);

// --- 10,000 articles: Korean and English titles from real-sounding parts, four categories, tags.
const KO = ['디자인', '시스템', '마케팅', '퍼포먼스', '리텐션', '개발자', '프론트엔드', '데이터', '스타트업', '브랜딩', '사용자', '경험', '전략', '성장', '토큰', '컬러', '타이포그래피', '협업', '생산성', '아키텍처', '검색', '최적화', '모니터링', '장애', '대응', '추천', '플랫폼', '콘텐츠'];
const KO_END = ['다시 생각해보기', '의 모든 것', '을 위한 가이드', '로 극복하다', '에 관하여', '구축기', '실전 노트', '입문'];
const EN = ['design', 'systems', 'growth', 'retention', 'typography', 'grids', 'boring', 'technology', 'startups', 'pricing', 'marketing', 'content', 'strategy', 'remote', 'teams', 'code', 'review', 'databases', 'migrations', 'accessibility', 'tokens', 'color', 'search', 'platforms', 'aggregation', 'networks', 'effects', 'brand'];
const EN_HEAD = ['Why', 'How', 'Notes on', 'A guide to', 'Lessons from', 'Rethinking', 'The myth of', 'Choosing'];
const TAGS = ['design', 'ux', 'growth', 'seo', 'crm', 'react', 'postgres', 'branding', '디자인시스템', '마케팅', '개발', '스타트업', 'pmf', 'typography', 'devops'];
// mulberry32: a small seeded generator, so every run builds the same table.
let seed = 42;
const rand = (n: number) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) % n;
};
const pick = <T>(list: readonly T[]) => list[rand(list.length)]!;
const titles: string[] = [];
const tags: string[] = [];
for (let i = 0; i < ARTICLES; i++) {
  titles.push(
    i % 2 === 0
      ? `${pick(KO)} ${pick(KO)} ${pick(KO)}${pick(KO_END)} ${i}`
      : `${pick(EN_HEAD)} ${pick(EN)} ${pick(EN)} and ${pick(EN)} ${i}`,
  );
  tags.push(JSON.stringify([...new Set([pick(TAGS), pick(TAGS), pick(TAGS)])]));
}
const started = Date.now();
await pool.query(
  `INSERT INTO articles (title, url, canonical_url, publisher, category, tags, published_at, language, source)
   SELECT t.title, 'https://bench.example/' || t.n, 'https://bench.example/' || t.n, 'Bench', 1 + t.n % 4,
     ARRAY(SELECT jsonb_array_elements_text(t.tags::jsonb)), now() - (t.n || ' hours')::interval,
     CASE WHEN t.n % 2 = 0 THEN 'ko' ELSE 'en' END, 'seed'
   FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(title, tags, n)`,
  [titles, tags],
);
await pool.query('UPDATE articles SET hidden = true WHERE id % 50 = 0');
// What autovacuum does after a bulk load: statistics, and the GIN indexes' pending lists
// merged (until then the planner rightly avoids the trigram index).
await pool.query('VACUUM ANALYZE articles');
console.log(`articles: ${ARTICLES} inserted in ${Date.now() - started} ms (2 % hidden), VACUUM ANALYZE done`);

// --- The API, as requests through the whole app.
const app = await buildApp({ config, db, secret: new TextEncoder().encode('b'.repeat(48)), logger: false });
await app.ready();
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
async function measure(label: string, query: string) {
  for (let i = 0; i < 20; i++) await app.inject({ url: `/api/discovery/articles?${query}` }); // warm-up, plans cached
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = process.hrtime.bigint();
    const res = await app.inject({ url: `/api/discovery/articles?${query}` });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    count = res.json().data.count;
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(42)} ${pct(times, 50).toFixed(2).padStart(7)} ${pct(times, 95).toFixed(2).padStart(7)} ${String(count).padStart(7)}`);
}
console.log(`\nGET /api/discovery/articles, ${REQUESTS} requests each (ms)   p50     p95   count`);
await measure('all, page 1 (24)', 'category=-1');
await measure('category 2, page 1', 'category=2');
await measure('category 3, page 40', 'category=3&page=40');
await measure('search "design" (English word)', 'search=design');
await measure('search "마케팅" (Korean word)', `search=${encodeURIComponent('마케팅')}`);
await measure('search "개발" (2 Korean syllables)', `search=${encodeURIComponent('개발')}`);
await measure('search "typography 123" (rare)', `search=${encodeURIComponent('typography 123')}`);
await measure('search tag "pmf"', 'search=pmf');
await measure('category 1 + search "시스템"', `category=1&search=${encodeURIComponent('시스템')}`);

// --- The article page as a signed-out visitor gets it: rendered on the server (issue #11),
// with the same list read in process. Each request from an address of its own, as the
// server renders at most RENDERS_PER_MINUTE pages a minute for one address.
async function measurePage(label: string, url: string) {
  let n = 0;
  const visit = async () => {
    const res = await app.inject({ url, remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`, headers: { 'accept-encoding': 'br' } });
    if (res.statusCode !== 200 || !res.rawPayload.length) throw new Error(`${url}: ${res.statusCode}`);
    return res;
  };
  const first = await app.inject({ url, remoteAddress: '10.255.255.255' });
  if (!first.body.includes('data-ssr')) return console.log(`${label.padEnd(42)} skipped: no server renderer (apps/web/dist-ssr: npm run build)`);
  for (let i = 0; i < 20; i++) await visit();
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = process.hrtime.bigint();
    bytes = (await visit()).rawPayload.length;
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(42)} ${pct(times, 50).toFixed(2).padStart(7)} ${pct(times, 95).toFixed(2).padStart(7)}  ` +
      `${((cpu.user + cpu.system) / 1000 / REQUESTS).toFixed(2)} ms CPU, ${first.rawPayload.length} B (${bytes} B br)`,
  );
}
console.log(`\nServer-rendered pages, signed out, ${REQUESTS} requests each (ms)  p50     p95   CPU per page, HTML`);
await measurePage('GET /article (all, 24 cards)', '/article');
await measurePage('GET /article?category=2&search=design', '/article?category=2&search=design');
await measurePage('GET /intro', '/intro');

// --- Search indexes compared on the SQL alone: time (median of 30) and rows found.
async function sqlTime(text: string, values: unknown[]) {
  for (let i = 0; i < 5; i++) await pool.query(text, values);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < 30; i++) {
    const t0 = process.hrtime.bigint();
    rows = (await pool.query(text, values)).rowCount ?? 0;
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { ms: pct(times, 50), rows };
}
const ILIKE = `SELECT id FROM articles WHERE NOT hidden AND title ILIKE $1`;
const FTS = `SELECT id FROM articles WHERE NOT hidden AND to_tsvector('simple', title) @@ plainto_tsquery('simple', $1)`;
const { rows: locale } = await pool.query<{ datctype: string }>('SELECT datctype FROM pg_database WHERE datname = current_database()');
console.log(`\ndatabase LC_CTYPE: ${locale[0]?.datctype}`);
for (const w of ['typography 1234', '마케팅 전략 12']) {
  const plan = (await pool.query(`EXPLAIN ${ILIKE}`, [`%${w}%`])).rows.map((r: Record<string, string>) => r['QUERY PLAN']).join(' / ');
  console.log(`plan for "${w}": ${plan.replace(/\s+/g, ' ').slice(0, 160)}`);
}
const words = ['design', '마케팅', '개발', '스타트업', 'typography 1234', '마케팅 전략 12'];
const truth = new Map<string, number>();
const results: Record<string, Record<string, string>> = {};
const record = (setup: string, word: string, r: { ms: number; rows: number }) => {
  results[setup] ??= {};
  results[setup]![word] = `${r.ms.toFixed(2)} ms, ${r.rows}`;
};
for (const w of words) {
  const r = await sqlTime(ILIKE, [`%${w}%`]);
  truth.set(w, r.rows);
  record('pg_trgm GIN (shipped), ILIKE', w, r);
}
await pool.query('DROP INDEX articles_title_trgm_idx');
for (const w of words) record('no index, ILIKE (sequential scan)', w, await sqlTime(ILIKE, [`%${w}%`]));
await pool.query(`CREATE INDEX bench_fts ON articles USING gin (to_tsvector('simple', title))`);
await pool.query('ANALYZE articles');
for (const w of words) record("full text 'simple' GIN", w, await sqlTime(FTS, [w]));
console.log(`\nSearch by title, SQL only (median ms, rows found); right answer: ${words.map((w) => `${w} ${truth.get(w)}`).join(', ')}`);
for (const [setup, cells] of Object.entries(results)) {
  console.log(`${setup.padEnd(36)} ${words.map((w) => `${w}: ${cells[w]}`).join(' | ')}`);
}

await app.close();
await pool.end();
await embedded?.stop();
rmSync(dataDir, { recursive: true, force: true });
