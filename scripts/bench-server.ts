// Child process of `npm run bench`: the real app, a minimal raw-SQL Fastify route on the
// same PostgreSQL (seeded with 100 tagged sources), and a bare route sending the API's page
// from memory. Prints one JSON line when ready.
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
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' });
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
}));
// Access tokens live 15 minutes; a long run picks up a fresh one for its next measurement.
setInterval(async () => console.log(JSON.stringify({ token: await signAccessToken(secret, user.id) })), 5 * 60_000);

process.on('SIGTERM', async () => {
  await app.close();
  await raw.close();
  await database.close();
  process.exit(0);
});
