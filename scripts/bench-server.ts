// Child process of `npm run bench`: the real app, a minimal raw-SQL Fastify route on the
// same PostgreSQL (seeded with 100 tagged sources), and a bare route sending the API's page
// from memory; and BOARDS boards (issue #32) of BOARD_SOURCES tagged sources each, in a second
// person's space. Prints one JSON line when ready.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { signAccessToken } from '../apps/api/src/auth/tokens.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { authorizeWorkspace } from '../apps/api/src/policies/workspace.ts';
import { createFolder } from '../apps/api/src/services/folders.ts';
import { createUser } from '../apps/api/src/services/users.ts';

const dataDir = process.env.BENCH_DATA_DIR!;
// Room for the boards' folders and sources (the beta plan has 5 and 100 a space).
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  PLAN_FOLDERS_PER_SPACE: '50',
  PLAN_SOURCES_PER_SPACE: '5000',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, timeouts: config.db });
const { db, pool } = database;

const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
const { user, workspaceId } = await createUser(db, { kind: 'dev', subject: email }, { email, nickname: 'bench', agreeMarketing: false });
const folders = [];
const asOwner = (action: 'createFolder') => authorizeWorkspace(db, user.id, workspaceId, action);
for (const name of ['Refs', 'Type', 'Color']) folders.push((await createFolder(db, await asOwner('createFolder'), name, config.plan.folders)).id);
const secret = new TextEncoder().encode(randomBytes(32).toString('hex'));
// As `npm start` builds it: the logger is on (a child logger per request) at LOG_LEVEL 'silent'.
const app = await buildApp({ config, db, secret });
await app.listen({ port: 0, host: '127.0.0.1' });
const token = await signAccessToken(secret, user.id);
for (let i = 0; i < 100; i++) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${workspaceId}`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      type: 'TEXT',
      title: `Reference ${i}`,
      textSauce: { text: `Notes for reference ${i} `.repeat(8), link: null },
      tagSet: [`tag${i % 7}`, `topic${i % 5}`, 'bench'],
      folderSet: [folders[i % 3]!],
    },
  });
  if (res.statusCode !== 200) throw new Error(`seeding answered ${res.statusCode}: ${res.body}`);
}

// Issue #32: boards, each a folder of BOARD_SOURCES sources (a first page's worth), shared.
const BOARDS = 20;
const BOARD_SOURCES = 48;
const curator = await createUser(db, { kind: 'dev', subject: `boards-${email}` }, { email: `boards-${email}`, nickname: 'curator', agreeMarketing: false });
const curatorToken = await signAccessToken(secret, curator.user.id);
const asCurator = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${curatorToken}` }, payload });
  if (res.statusCode !== 200) throw new Error(`seeding ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
};
const boards: { path: string; etag: string }[] = [];
for (let b = 0; b < BOARDS; b++) {
  const space = curator.workspaceId;
  const folder = (await asCurator('POST', `/api/archive/folder/${space}`, { name: `Board ${b}` })).id;
  for (let i = 0; i < BOARD_SOURCES; i++) {
    await asCurator('POST', `/api/archive/sauce/${space}`, {
      type: 'TEXT',
      title: `Board ${b} reference ${i}`,
      textSauce: { text: `Why this one matters, ${i}. `.repeat(6), link: null },
      tagSet: [`mood${i % 4}`, 'board'],
      folderSet: [folder],
    });
  }
  const { shareId } = await asCurator('PATCH', `/api/archive/folder/${space}/${folder}/share`, { enabled: true });
  boards.push({ path: `/api/board/${shareId}`, etag: '' });
}
// One space holds them all: its version, and so every board's ETag, is final once all are made.
for (const b of boards) b.etag = (await app.inject({ url: b.path })).headers.etag as string;

// Baseline: the same rows from one raw SQL statement, serialized with JSON.stringify.
const raw = Fastify({ logger: false });
raw.get('/list', async () => {
  const r = await pool.query(
    `SELECT s.id, s.type, s.title, s.text, s.link, s.link_title, s.link_description, s.link_image, s.thumbnail,
       s.byte_size, s.is_share_enabled, s.created_at, s.updated_at, u.nickname, u.profile_image,
       COALESCE((SELECT json_agg(t.name ORDER BY t.position) FROM sauce_tags t WHERE t.sauce_id = s.id), '[]') AS tags,
       COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.name)) FROM sauce_folders sf
         JOIN folders f ON f.id = sf.folder_id WHERE sf.sauce_id = s.id), '[]') AS folders
     FROM sauces s JOIN users u ON u.id = s.author_id WHERE s.workspace_id = $1
     ORDER BY s.created_at DESC, s.id DESC LIMIT 100`,
    [workspaceId],
  );
  return { success: true, data: { results: r.rows, count: r.rowCount } };
});
// Ceiling: the API's own bytes for the same page, from memory, by a bare Fastify route.
const addr = (s: typeof raw) => (s.server.address() as { port: number }).port;
const apiUrl = `http://127.0.0.1:${addr(app as never)}/api/archive/sauce/${workspaceId}/list?pageSize=100`;
const page = await fetch(apiUrl, { headers: { authorization: `Bearer ${token}` } });
const bytes = Buffer.from(await page.arrayBuffer());
raw.get('/memory', (_req, reply) => reply.type('application/json; charset=utf-8').send(bytes));
await raw.listen({ port: 0, host: '127.0.0.1' });

console.log(JSON.stringify({
  ready: true,
  apiUrl,
  etag: page.headers.get('etag'),
  rawUrl: `http://127.0.0.1:${addr(raw)}/list`,
  memoryUrl: `http://127.0.0.1:${addr(raw)}/memory`,
  token,
  boardBase: `http://127.0.0.1:${addr(app as never)}`,
  boards,
}));
// Access tokens live 15 minutes; a long run picks up a fresh one for its next measurement.
setInterval(async () => console.log(JSON.stringify({ token: await signAccessToken(secret, user.id) })), 5 * 60_000);

process.on('SIGTERM', async () => {
  await app.close();
  await raw.close();
  await database.close();
  process.exit(0);
});
