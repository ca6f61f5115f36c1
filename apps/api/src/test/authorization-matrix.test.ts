import { randomBytes, scryptSync } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from './build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from './factories.ts';
import { multipart, multipartForm } from './upload.ts';

/**
 * Issue #7: every endpoint of the API, called as each kind of caller, answers as this
 * matrix says. A route registered without a row fails the test, so every new endpoint
 * must join it. Only the API's own routes count: /api/* (but the OpenAPI browser at
 * /api/docs), /files/* and /auth/* — not the web app's static files.
 */

type Who = 'OWNER' | 'EDITOR' | 'READER' | 'stranger' | 'anon';
const WHO: Who[] = ['OWNER', 'EDITOR', 'READER', 'stranger', 'anon'];

/** A fresh space with an owner, an editor and a reader, and a signed-in non-member. */
interface World {
  ws: number;
  users: Record<Exclude<Who, 'anon'>, TestUser>;
}

/** Expected status per caller. */
type Cell = Record<Who, number>;
/** A workspace action: members by role, 404 for a non-member, 401 signed out. */
const member = (owner: number, editor: number, reader: number): Cell => ({
  OWNER: owner,
  EDITOR: editor,
  READER: reader,
  stranger: 404,
  anon: 401,
});
const ANY_MEMBER = member(200, 200, 200);
const WRITER = member(200, 200, 403);
const OWNER_ONLY = member(200, 403, 403);
/** The signed-in person's own things (account, tags, their spaces): 401 signed out only. */
const SIGNED_IN: Cell = { OWNER: 200, EDITOR: 200, READER: 200, stranger: 200, anon: 401 };
const everyone = (status: number): Cell => ({ OWNER: status, EDITOR: status, READER: status, stranger: status, anon: status });

interface Row {
  expect: Cell;
  /** The request for `who` in a fresh world; may prepare what it needs first. */
  request(w: World, who: Who): Promise<InjectOptions> | InjectOptions;
  /** Runs the request itself and returns the status (streams). */
  run?(w: World, who: Who): Promise<number>;
}

let t: TestApp;
let base: string;
let png: Buffer;
let page: http.Server;
let pageUrl: string;

beforeAll(async () => {
  t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'true' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff6b3d' } }).png().toBuffer();
  page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Page</title>'));
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => page.close(() => r())));

async function world(): Promise<World> {
  const owner = await buildUser(t);
  const ws = await buildWorkspace(t, owner);
  return {
    ws,
    users: {
      OWNER: owner,
      EDITOR: await buildMember(t, ws, 'EDITOR'),
      READER: await buildMember(t, ws, 'READER'),
      stranger: await buildUser(t),
    },
  };
}

const headers = (w: World, who: Who) => (who === 'anon' ? {} : w.users[who].headers);
/** A call the owner makes to prepare a world; it must succeed. */
async function asOwner(w: World, opts: InjectOptions) {
  const res = await t.app.inject({ ...opts, headers: { ...w.users.OWNER.headers, ...opts.headers } });
  if (res.statusCode !== 200) throw new Error(`setup ${opts.method} ${opts.url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
const textSauce = (w: World) =>
  asOwner(w, { method: 'POST', url: `/api/archive/sauce/${w.ws}`, payload: { type: 'TEXT', textSauce: { text: 'x' } } });
const folder = (w: World, name = 'f') => asOwner(w, { method: 'POST', url: `/api/archive/folder/${w.ws}`, payload: { name } });
const upload = (w: World) => {
  const f = multipart(png, { filename: 'a.png', contentType: 'image/png' });
  return asOwner(w, { method: 'POST', url: `/api/archive/sauce/${w.ws}/image/upload/single`, headers: f.headers, payload: f.payload });
};
const inviteId = async (w: World, permission = 'EDITOR') =>
  new URL((await asOwner(w, { method: 'POST', url: '/api/workspace/invite/create', payload: { workspace: { id: w.ws }, permission } })).link)
    .searchParams.get('id')!;

/**
 * Issue #32: the stored hash of the password 'pw' at a small scrypt cost (N = 2^10): checks
 * honour a hash's own parameters (lib/passwords.ts), so the unlock rows cost a millisecond.
 */
const CHEAP_PW_HASH = (() => {
  const salt = randomBytes(16);
  return ['scrypt', 10, 8, 1, salt.toString('base64url'), scryptSync('pw', salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64url')].join('$');
})();

/** A visible article (issue #10). */
const article = async () => {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO articles (title, url, canonical_url, category)
    VALUES ('Matrix', ${pageUrl}, ${`https://matrix.example/${Math.random()}`}, 1) RETURNING id`);
  return rows[0]!.id;
};
/** A notice written by an administrator (issue #8). */
const notice = async () => {
  const { rows } = await t.db.execute<{ id: number }>(sql`INSERT INTO notices (title, body) VALUES ('N', 'B') RETURNING id`);
  return rows[0]!.id;
};
/** An import of `who`'s own (issue #8); signed out, any id. */
const importOf = async (w: World, who: Who) => {
  if (who === 'anon') return 1;
  const u = w.users[who];
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO import_jobs (user_id, workspace_id, format, file_name, status, total)
    VALUES (${u.userId}, ${u.workspaceId}, 'bookmarks-html', 'b.html', 'done', 0) RETURNING id`);
  return rows[0]!.id;
};
/** A previewed import of `who`'s (issue #22), with one entry. */
const previewOf = async (w: World, who: Who) => {
  if (who === 'anon') return 1;
  const u = w.users[who];
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO import_jobs (user_id, workspace_id, format, file_name, status, total)
    VALUES (${u.userId}, ${u.workspaceId}, 'bookmarks-html', 'b.html', 'preview', 1) RETURNING id`);
  const entry = { title: 'A', link: 'https://a.example/', text: '', tags: [], createdAt: null, key: 'link:https://a.example/' };
  await t.db.execute(sql`INSERT INTO import_entries (job_id, position, entry) VALUES (${rows[0]!.id}, 0, ${JSON.stringify(entry)}::jsonb)`);
  return rows[0]!.id;
};
/** Curation endpoints: administrators only (ADMIN_EMAILS); nobody in the world is one. */
const ADMIN_ONLY: Cell = { OWNER: 403, EDITOR: 403, READER: 403, stranger: 403, anon: 401 };

const MATRIX: Record<string, Row> = {
  // Auth (SPEC §7 Auth): sign-in endpoints are public; Google and Apple are off in tests.
  'POST /api/auth/dev/signin': {
    expect: everyone(200),
    request: (_w, who) => ({ method: 'POST', url: '/api/auth/dev/signin', payload: { email: `${who}-${Math.random()}@example.com` } }),
  },
  'GET /api/auth/config': { expect: everyone(200), request: () => ({ url: '/api/auth/config' }) },
  'POST /api/auth/token/refresh': { expect: everyone(401), request: () => ({ method: 'POST', url: '/api/auth/token/refresh' }) },
  'POST /api/auth/token/logout': { expect: everyone(200), request: () => ({ method: 'POST', url: '/api/auth/token/logout' }) },
  'GET /api/auth/profile': { expect: SIGNED_IN, request: () => ({ url: '/api/auth/profile' }) },

  // Personal access tokens and the extension's connection (issue #20): one's own.
  'POST /api/auth/tokens': { expect: SIGNED_IN, request: () => ({ method: 'POST', url: '/api/auth/tokens', payload: { name: 'm', scope: 'read' } }) },
  'GET /api/auth/tokens': { expect: SIGNED_IN, request: () => ({ url: '/api/auth/tokens' }) },
  'DELETE /api/auth/tokens/:id': {
    expect: SIGNED_IN,
    request: async (w, who) => {
      if (who === 'anon') return { method: 'DELETE', url: '/api/auth/tokens/1' };
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/tokens', headers: w.users[who].headers, payload: { name: 'm', scope: 'read' } });
      return { method: 'DELETE', url: `/api/auth/tokens/${res.json().data.id}` };
    },
  },
  'POST /api/auth/tokens/grants': {
    expect: SIGNED_IN,
    request: () => ({ method: 'POST', url: '/api/auth/tokens/grants', payload: { challenge: randomBytes(32).toString('base64url'), browser: 'Chrome' } }),
  },
  // Public, answered 404 but for the verifier with the code its person's Allow answered (issue #28 item 5).
  'POST /api/auth/tokens/exchange': {
    expect: everyone(404),
    request: () => ({
      method: 'POST',
      url: '/api/auth/tokens/exchange',
      payload: { verifier: randomBytes(32).toString('base64url'), code: randomBytes(32).toString('base64url') },
    }),
  },

  // Account (issue #8): one's own profile, data and account.
  'GET /api/auth/session': { expect: everyone(200), request: () => ({ url: '/api/auth/session' }) },
  'PATCH /api/auth/profile': { expect: SIGNED_IN, request: () => ({ method: 'PATCH', url: '/api/auth/profile', payload: { jobType: 'Designer' } }) },
  'PATCH /api/auth/profile/image': {
    expect: SIGNED_IN,
    request: () => {
      const f = multipartForm([{ name: 'image', data: png, contentType: 'image/png' }]);
      return { method: 'PATCH', url: '/api/auth/profile/image', headers: f.headers, payload: f.payload };
    },
  },
  'DELETE /api/auth/profile/image': { expect: SIGNED_IN, request: () => ({ method: 'DELETE', url: '/api/auth/profile/image' }) },
  'GET /api/auth/profile/count': { expect: SIGNED_IN, request: () => ({ url: '/api/auth/profile/count' }) },
  'GET /api/auth/withdrawal': { expect: SIGNED_IN, request: () => ({ url: '/api/auth/withdrawal' }) },
  // The world's owner is the only owner of a space with members: refused until they hand it over.
  'POST /api/auth/withdrawal': {
    expect: { OWNER: 409, EDITOR: 200, READER: 200, stranger: 200, anon: 401 },
    request: () => ({ method: 'POST', url: '/api/auth/withdrawal', payload: { reason: 1 } }),
  },
  'GET /api/account/export': { expect: SIGNED_IN, request: () => ({ url: '/api/account/export' }) },
  'POST /api/account/import': {
    expect: WRITER,
    request: (w) => {
      const file = Buffer.from('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF="https://a.example/" ADD_DATE="1">A</A>\n</DL><p>\n');
      const f = multipartForm([{ name: 'workspace', value: String(w.ws) }, { name: 'file', data: file, contentType: 'text/html' }]);
      return { method: 'POST', url: '/api/account/import', headers: f.headers, payload: f.payload };
    },
  },
  'GET /api/account/import': { expect: SIGNED_IN, request: () => ({ url: '/api/account/import' }) },
  // An import is its person's own (anyone else's id is a 404).
  'GET /api/account/import/:id': { expect: SIGNED_IN, request: async (w, who) => ({ url: `/api/account/import/${await importOf(w, who)}` }) },
  'GET /api/account/import/:id/skipped': {
    expect: SIGNED_IN,
    request: async (w, who) => ({ url: `/api/account/import/${await importOf(w, who)}/skipped` }),
  },
  // Issue #22: a preview is its person's own; previewing and starting into a space needs a writer's role there.
  'GET /api/account/import/:id/preview': {
    expect: WRITER,
    request: async (w, who) => ({ url: `/api/account/import/${await previewOf(w, who)}/preview?workspace=${w.ws}` }),
  },
  'POST /api/account/import/:id/start': {
    expect: WRITER,
    request: async (w, who) => ({ method: 'POST', url: `/api/account/import/${await previewOf(w, who)}/start`, payload: { workspace: w.ws, recreateFolders: false } }),
  },
  'POST /api/account/import/:id/cancel': {
    expect: SIGNED_IN,
    request: async (w, who) => ({ method: 'POST', url: `/api/account/import/${await previewOf(w, who)}/cancel` }),
  },
  'GET /api/account/import/:id/report.csv': {
    expect: SIGNED_IN,
    request: async (w, who) => ({ url: `/api/account/import/${await importOf(w, who)}/report.csv` }),
  },
  'GET /api/app/config': { expect: everyone(200), request: () => ({ url: '/api/app/config' }) },

  // Notices (issue #8): everyone signed in reads; administrators write (nobody in the world is one).
  'GET /api/notice': { expect: SIGNED_IN, request: () => ({ url: '/api/notice' }) },
  'GET /api/notice/unread': { expect: SIGNED_IN, request: () => ({ url: '/api/notice/unread' }) },
  'POST /api/notice/read': { expect: SIGNED_IN, request: () => ({ method: 'POST', url: '/api/notice/read' }) },
  'POST /api/notice': { expect: ADMIN_ONLY, request: () => ({ method: 'POST', url: '/api/notice', payload: { title: 'T', body: 'B' } }) },
  'PATCH /api/notice/:id': {
    expect: ADMIN_ONLY,
    request: async () => ({ method: 'PATCH', url: `/api/notice/${await notice()}`, payload: { title: 'T', body: 'B' } }),
  },
  'DELETE /api/notice/:id': { expect: ADMIN_ONLY, request: async () => ({ method: 'DELETE', url: `/api/notice/${await notice()}` }) },
  'GET /api/auth/google/user': { expect: everyone(404), request: () => ({ url: '/api/auth/google/user' }) },
  'POST /api/auth/google/user': { expect: everyone(404), request: () => ({ method: 'POST', url: '/api/auth/google/user', payload: { token: 'x' } }) },
  'GET /api/auth/apple/authorize': { expect: everyone(404), request: () => ({ url: '/api/auth/apple/authorize' }) },
  'POST /api/auth/apple/user': { expect: everyone(404), request: () => ({ method: 'POST', url: '/api/auth/apple/user', payload: { idToken: 'x' } }) },
  'POST /api/auth/apple/signin': { expect: everyone(404), request: () => ({ method: 'POST', url: '/api/auth/apple/signin', payload: { idToken: 'x' } }) },
  // Issue #31 item 4: completing a web Apple sign-up after the terms (the identity in a pending cookie).
  'POST /api/auth/apple/signup': { expect: everyone(404), request: () => ({ method: 'POST', url: '/api/auth/apple/signup', payload: { agreeMarketing: true } }) },
  'POST /auth/apple/callback': {
    expect: everyone(404),
    request: () => ({ method: 'POST', url: '/auth/apple/callback', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'state=x' }),
  },

  // Link previews: any signed-in person.
  'GET /api/metaData/getMeta': { expect: SIGNED_IN, request: () => ({ url: `/api/metaData/getMeta?url=${encodeURIComponent(pageUrl)}` }) },

  // Tags: one's own.
  'GET /api/archive/tag/list': { expect: SIGNED_IN, request: () => ({ url: '/api/archive/tag/list' }) },
  'POST /api/archive/tag': { expect: SIGNED_IN, request: () => ({ method: 'POST', url: '/api/archive/tag', payload: { name: 'ux' } }) },
  'POST /api/archive/tag/favorite': { expect: SIGNED_IN, request: () => ({ method: 'POST', url: '/api/archive/tag/favorite', payload: { name: 'ux' } }) },
  'GET /api/archive/tag/usage': { expect: SIGNED_IN, request: () => ({ url: '/api/archive/tag/usage' }) },
  'PATCH /api/archive/tag/:name': {
    expect: SIGNED_IN,
    request: async (w, who) => {
      if (who !== 'anon') await t.app.inject({ method: 'POST', url: '/api/archive/tag', headers: headers(w, who), payload: { name: 'ux' } });
      return { method: 'PATCH', url: '/api/archive/tag/ux', payload: { name: 'uxui' } };
    },
  },
  'DELETE /api/archive/tag/:name': {
    expect: SIGNED_IN,
    request: async (w, who) => {
      if (who !== 'anon') await t.app.inject({ method: 'POST', url: '/api/archive/tag', headers: headers(w, who), payload: { name: 'ux' } });
      return { method: 'DELETE', url: '/api/archive/tag/ux' };
    },
  },
  'DELETE /api/archive/tag/favorite/:name': {
    expect: SIGNED_IN,
    request: async (w, who) => {
      if (who !== 'anon') await t.app.inject({ method: 'POST', url: '/api/archive/tag/favorite', headers: headers(w, who), payload: { name: 'ux' } });
      return { method: 'DELETE', url: '/api/archive/tag/favorite/ux' };
    },
  },

  // Folders (SPEC §6: readers read).
  'GET /api/archive/folder/:workspace/list': { expect: ANY_MEMBER, request: (w) => ({ url: `/api/archive/folder/${w.ws}/list` }) },
  'POST /api/archive/folder/:workspace': { expect: WRITER, request: (w) => ({ method: 'POST', url: `/api/archive/folder/${w.ws}`, payload: { name: 'new' } }) },
  'PATCH /api/archive/folder/:workspace/order': {
    expect: WRITER,
    request: async (w) => {
      const [a, b] = [await folder(w, 'a'), await folder(w, 'b')];
      return { method: 'PATCH', url: `/api/archive/folder/${w.ws}/order`, payload: [{ id: b.id, order: 1 }, { id: a.id, order: 2 }] };
    },
  },
  'PATCH /api/archive/folder/:workspace/:folderId': {
    expect: WRITER,
    request: async (w) => ({ method: 'PATCH', url: `/api/archive/folder/${w.ws}/${(await folder(w)).id}`, payload: { name: 'renamed' } }),
  },
  'DELETE /api/archive/folder/:workspace/:folderId': {
    expect: WRITER,
    request: async (w) => ({ method: 'DELETE', url: `/api/archive/folder/${w.ws}/${(await folder(w)).id}` }),
  },

  // Sources (SPEC §6: editors create; any editor may delete a whole source).
  'POST /api/archive/sauce/:workspace/image/upload/single': {
    expect: WRITER,
    request: (w) => {
      const f = multipart(png, { filename: 'a.png', contentType: 'image/png' });
      return { method: 'POST', url: `/api/archive/sauce/${w.ws}/image/upload/single`, headers: f.headers, payload: f.payload };
    },
  },
  'GET /api/archive/sauce/:workspace/image/upload': {
    expect: WRITER,
    request: async (w) => ({ url: `/api/archive/sauce/${w.ws}/image/upload?id=${(await upload(w)).id}` }),
  },
  // Issue #20: the browser extension's capture (a source and its saved copy) and tag suggestions.
  'POST /api/archive/sauce/:workspace/capture': {
    expect: WRITER,
    request: (w) => {
      const f = multipartForm([{ name: 'title', value: 'Captured' }, { name: 'snapshot', data: Buffer.from('<!doctype html><p>x'), filename: 'p.html', contentType: 'text/html' }]);
      return { method: 'POST', url: `/api/archive/sauce/${w.ws}/capture`, headers: f.headers, payload: f.payload };
    },
  },
  'GET /api/archive/sauce/:workspace/tags': { expect: ANY_MEMBER, request: (w) => ({ url: `/api/archive/sauce/${w.ws}/tags?search=a` }) },
  // Issue #21 items 3, 5, 6: duplicate links, tag suggestions, the search across spaces.
  'GET /api/archive/sauce/:workspace/duplicates': {
    expect: ANY_MEMBER,
    request: (w) => ({ url: `/api/archive/sauce/${w.ws}/duplicates?link=${encodeURIComponent('https://example.com/a')}` }),
  },
  'POST /api/archive/sauce/:workspace/tags/suggest': {
    expect: WRITER,
    request: (w) => ({ method: 'POST', url: `/api/archive/sauce/${w.ws}/tags/suggest`, payload: { text: 'Typography notes' } }),
  },
  'GET /api/archive/search': { expect: SIGNED_IN, request: () => ({ url: '/api/archive/search?search=design' }) },
  // Issue #31 items 1 and 2: a source's space, for its members; a space's tags for its filter.
  'GET /api/archive/locate/:id': { expect: ANY_MEMBER, request: async (w) => ({ url: `/api/archive/locate/${(await textSauce(w)).id}` }) },
  'GET /api/archive/sauce/:workspace/tags/list': { expect: ANY_MEMBER, request: (w) => ({ url: `/api/archive/sauce/${w.ws}/tags/list` }) },
  'GET /api/archive/sauce/:workspace/list': { expect: ANY_MEMBER, request: (w) => ({ url: `/api/archive/sauce/${w.ws}/list` }) },
  'GET /api/archive/sauce/:workspace/list/simple': { expect: ANY_MEMBER, request: (w) => ({ url: `/api/archive/sauce/${w.ws}/list/simple` }) },
  'GET /api/archive/sauce/:workspace/:id': {
    expect: ANY_MEMBER,
    request: async (w) => ({ url: `/api/archive/sauce/${w.ws}/${(await textSauce(w)).id}` }),
  },
  'GET /api/archive/sauce/:workspace/:id/copy': {
    expect: ANY_MEMBER,
    request: async (w) => ({ url: `/api/archive/sauce/${w.ws}/${(await textSauce(w)).id}/copy` }),
  },
  'POST /api/archive/sauce/:workspace': {
    expect: WRITER,
    request: (w) => ({ method: 'POST', url: `/api/archive/sauce/${w.ws}`, payload: { type: 'TEXT', textSauce: { text: 'mine' } } }),
  },
  'PATCH /api/archive/sauce/:workspace/:id': {
    expect: WRITER,
    request: async (w) => ({ method: 'PATCH', url: `/api/archive/sauce/${w.ws}/${(await textSauce(w)).id}`, payload: { title: 'edited' } }),
  },
  'DELETE /api/archive/sauce/:workspace/:id': {
    expect: WRITER,
    request: async (w) => ({ method: 'DELETE', url: `/api/archive/sauce/${w.ws}/${(await textSauce(w)).id}` }),
  },
  'POST /api/archive/sauce/:workspace/:id/share': {
    expect: WRITER,
    request: async (w) => ({ method: 'POST', url: `/api/archive/sauce/${w.ws}/${(await textSauce(w)).id}/share`, payload: { isShareEnabled: true } }),
  },
  'POST /api/archive/sauce/:workspace/:id/preview': {
    expect: WRITER,
    request: async (w) => {
      const { id } = await asOwner(w, { method: 'POST', url: `/api/archive/sauce/${w.ws}`, payload: { type: 'TEXT', textSauce: { text: 'x', link: pageUrl } } });
      return { method: 'POST', url: `/api/archive/sauce/${w.ws}/${id}/preview` };
    },
  },
  // A shared source is public by its unguessable id.
  'GET /api/archive/sauce/share/:shareId': {
    expect: everyone(200),
    request: async (w) => {
      const { id } = await textSauce(w);
      const { link } = await asOwner(w, { method: 'POST', url: `/api/archive/sauce/${w.ws}/${id}/share`, payload: { isShareEnabled: true } });
      return { url: `/api/archive/sauce/share/${new URL(link).pathname.split('/').pop()}` };
    },
  },
  // Issue #32: a share's settings are the sharers' (SPEC §6); boards and unlocks are public.
  'GET /api/archive/sauce/:workspace/:id/share': {
    expect: WRITER,
    request: async (w) => ({ url: `/api/archive/sauce/${w.ws}/${(await textSauce(w)).id}/share` }),
  },
  'PATCH /api/archive/sauce/:workspace/:id/share': {
    expect: WRITER,
    request: async (w) => ({ method: 'PATCH', url: `/api/archive/sauce/${w.ws}/${(await textSauce(w)).id}/share`, payload: { enabled: true } }),
  },
  'POST /api/archive/sauce/share/:shareId/unlock': {
    expect: everyone(200),
    request: async (w) => {
      const { id } = await textSauce(w);
      const { shareId } = await asOwner(w, { method: 'PATCH', url: `/api/archive/sauce/${w.ws}/${id}/share`, payload: { enabled: true } });
      await t.db.execute(sql`UPDATE sauces SET share_password_hash = ${CHEAP_PW_HASH} WHERE id = ${id}`);
      return { method: 'POST', url: `/api/archive/sauce/share/${shareId}/unlock`, payload: { password: 'pw' } };
    },
  },
  'GET /api/archive/folder/:workspace/:folderId/share': {
    expect: WRITER,
    request: async (w) => ({ url: `/api/archive/folder/${w.ws}/${(await folder(w)).id}/share` }),
  },
  'PATCH /api/archive/folder/:workspace/:folderId/share': {
    expect: WRITER,
    request: async (w) => ({ method: 'PATCH', url: `/api/archive/folder/${w.ws}/${(await folder(w)).id}/share`, payload: { enabled: true } }),
  },
  'GET /api/board/:shareId': {
    expect: everyone(200),
    request: async (w) => {
      const { shareId } = await asOwner(w, { method: 'PATCH', url: `/api/archive/folder/${w.ws}/${(await folder(w)).id}/share`, payload: { enabled: true } });
      return { url: `/api/board/${shareId}` };
    },
  },
  'POST /api/board/:shareId/unlock': {
    expect: everyone(200),
    request: async (w) => {
      const { shareId } = await asOwner(w, { method: 'PATCH', url: `/api/archive/folder/${w.ws}/${(await folder(w)).id}/share`, payload: { enabled: true } });
      await t.db.execute(sql`UPDATE folder_shares SET password_hash = ${CHEAP_PW_HASH} WHERE share_id = ${shareId}`);
      return { method: 'POST', url: `/api/board/${shareId}/unlock`, payload: { password: 'pw' } };
    },
  },
  // An image's file is public to whoever holds its signed URL (handed out by member reads).
  'GET /files/*': { expect: everyone(200), request: async (w) => ({ url: (await upload(w)).url }) },

  // Discovery (issue #10): articles and categories are public; saving needs a writer of
  // the space; curation is for administrators.
  'GET /api/discovery/articles': { expect: everyone(200), request: () => ({ url: '/api/discovery/articles' }) },
  'GET /api/discovery/articles/category': { expect: everyone(200), request: () => ({ url: '/api/discovery/articles/category' }) },
  'GET /api/discovery/articles/:articleId': { expect: everyone(200), request: async () => ({ url: `/api/discovery/articles/${await article()}` }) },
  'POST /api/discovery/articles/:articleId/fork': {
    expect: WRITER,
    request: async (w) => ({ method: 'POST', url: `/api/discovery/articles/${await article()}/fork`, payload: { workspace: { id: w.ws } } }),
  },
  'GET /api/discovery/admin/articles': { expect: ADMIN_ONLY, request: () => ({ url: '/api/discovery/admin/articles' }) },
  'POST /api/discovery/admin/articles/preview': {
    expect: ADMIN_ONLY,
    request: () => ({ method: 'POST', url: '/api/discovery/admin/articles/preview', payload: { url: pageUrl } }),
  },
  'POST /api/discovery/admin/articles': {
    expect: ADMIN_ONLY,
    request: () => ({ method: 'POST', url: '/api/discovery/admin/articles', payload: { url: pageUrl, categoryId: 1 } }),
  },
  'PATCH /api/discovery/admin/articles/:articleId': {
    expect: ADMIN_ONLY,
    request: async () => ({ method: 'PATCH', url: `/api/discovery/admin/articles/${await article()}`, payload: { hidden: true } }),
  },
  'DELETE /api/discovery/admin/articles/:articleId': {
    expect: ADMIN_ONLY,
    request: async () => ({ method: 'DELETE', url: `/api/discovery/admin/articles/${await article()}` }),
  },
  'GET /api/discovery/admin/feeds': { expect: ADMIN_ONLY, request: () => ({ url: '/api/discovery/admin/feeds' }) },
  'POST /api/discovery/admin/feeds': {
    expect: ADMIN_ONLY,
    request: () => ({ method: 'POST', url: '/api/discovery/admin/feeds', payload: { url: `${pageUrl}feed.xml`, categoryId: 1 } }),
  },
  'PATCH /api/discovery/admin/feeds/:feedId': {
    expect: ADMIN_ONLY,
    request: () => ({ method: 'PATCH', url: '/api/discovery/admin/feeds/1', payload: { enabled: false } }),
  },
  'DELETE /api/discovery/admin/feeds/:feedId': { expect: ADMIN_ONLY, request: () => ({ method: 'DELETE', url: '/api/discovery/admin/feeds/1' }) },
  'POST /api/discovery/admin/feeds/:feedId/poll': { expect: ADMIN_ONLY, request: () => ({ method: 'POST', url: '/api/discovery/admin/feeds/1/poll' }) },

  // Spaces (SPEC §6: the owner manages; anyone leaves; a space keeps an owner).
  'GET /api/workspace': { expect: SIGNED_IN, request: () => ({ url: '/api/workspace' }) },
  'GET /api/workspace/quota': { expect: SIGNED_IN, request: () => ({ url: '/api/workspace/quota' }) },
  'POST /api/workspace': {
    expect: SIGNED_IN,
    request: () => {
      const f = multipartForm([{ name: 'name', value: 'Space' }]);
      return { method: 'POST', url: '/api/workspace', headers: f.headers, payload: f.payload };
    },
  },
  'GET /api/workspace/:id': { expect: ANY_MEMBER, request: (w) => ({ url: `/api/workspace/${w.ws}` }) },
  'PATCH /api/workspace/:id': {
    expect: OWNER_ONLY,
    request: (w) => {
      const f = multipartForm([{ name: 'name', value: 'Renamed' }]);
      return { method: 'PATCH', url: `/api/workspace/${w.ws}`, headers: f.headers, payload: f.payload };
    },
  },
  'DELETE /api/workspace/:id': {
    expect: OWNER_ONLY,
    request: async (w, who) => {
      // Only an empty space can go (409 otherwise, tested elsewhere): the owner empties it first.
      if (who === 'OWNER') {
        for (const u of [w.users.EDITOR, w.users.READER]) await asOwner(w, { method: 'DELETE', url: `/api/workspace/${w.ws}/user/${u.userId}` });
      }
      return { method: 'DELETE', url: `/api/workspace/${w.ws}` };
    },
  },
  'GET /api/workspace/:id/status': { expect: ANY_MEMBER, request: (w) => ({ url: `/api/workspace/${w.ws}/status` }) },
  'DELETE /api/workspace/:id/leave': {
    expect: member(200, 200, 200),
    request: async (w, who) => {
      // The last owner may not leave (409, tested elsewhere): another owner is made first.
      if (who === 'OWNER') {
        await asOwner(w, { method: 'PATCH', url: `/api/workspace/${w.ws}/user/${w.users.EDITOR.userId}`, payload: { permission: 'OWNER' } });
      }
      return { method: 'DELETE', url: `/api/workspace/${w.ws}/leave` };
    },
  },
  'PATCH /api/workspace/:id/user/:userId': {
    expect: OWNER_ONLY,
    request: (w) => ({ method: 'PATCH', url: `/api/workspace/${w.ws}/user/${w.users.READER.userId}`, payload: { permission: 'EDITOR' } }),
  },
  'DELETE /api/workspace/:id/user/:userId': {
    expect: OWNER_ONLY,
    request: (w) => ({ method: 'DELETE', url: `/api/workspace/${w.ws}/user/${w.users.READER.userId}` }),
  },
  'GET /api/workspace/:id/events': {
    expect: ANY_MEMBER,
    request: () => ({ url: '/' }),
    run: async (w, who) => {
      const abort = new AbortController();
      const res = await fetch(`${base}/api/workspace/${w.ws}/events`, { headers: headers(w, who), signal: abort.signal });
      abort.abort();
      return res.status;
    },
  },
  'POST /api/workspace/invite/create': {
    expect: OWNER_ONLY,
    request: (w) => ({ method: 'POST', url: '/api/workspace/invite/create', payload: { workspace: { id: w.ws }, permission: 'READER' } }),
  },
  // Anyone signed in may look at an invitation they hold; members already joined get 409.
  'GET /api/workspace/invitation/:invitationId': {
    expect: SIGNED_IN,
    request: async (w) => ({ url: `/api/workspace/invitation/${await inviteId(w)}` }),
  },
  'POST /api/workspace/invitation/:invitationId': {
    expect: { OWNER: 409, EDITOR: 409, READER: 409, stranger: 200, anon: 401 },
    request: async (w) => ({ method: 'POST', url: `/api/workspace/invitation/${await inviteId(w)}` }),
  },
  'DELETE /api/workspace/invitation/:invitationId': {
    expect: OWNER_ONLY,
    request: async (w) => ({ method: 'DELETE', url: `/api/workspace/invitation/${await inviteId(w)}` }),
  },

  // Issue #11: browsers' CSP violation reports are taken from anyone.
  'POST /api/csp-report': {
    expect: everyone(204),
    request: () => ({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'blocked-uri': 'inline', 'effective-directive': 'script-src-elem' } }),
    }),
  },
};

/** The API's own routes among everything the app registered. */
const apiRoutes = () =>
  t.app.routeTable.filter((r) => {
    const url = r.slice(r.indexOf(' ') + 1);
    return (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/files/') || url.startsWith('/auth/');
  });

describe('authorization matrix (issue #7)', () => {
  it('has a row for every API route, and no row for a route that is gone', () => {
    const routes = [...new Set(apiRoutes())].sort();
    expect(routes.filter((r) => !(r in MATRIX)), 'routes missing from the matrix').toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !routes.includes(r)), 'rows of routes that do not exist').toEqual([]);
  });

  it.each(Object.keys(MATRIX))('%s', async (route) => {
    const row = MATRIX[route]!;
    const got: Partial<Cell> = {};
    for (const who of WHO) {
      const w = await world();
      if (row.run) {
        got[who] = await row.run(w, who);
        continue;
      }
      const opts = await row.request(w, who);
      const res = await t.app.inject({ ...opts, headers: { ...opts.headers, ...headers(w, who) } });
      got[who] = res.statusCode;
      // A refusal says why in the error envelope, never a bare status.
      if (res.statusCode >= 400 && res.headers['content-type']?.toString().startsWith('application/json')) {
        expect(body(res).success, `${route} as ${who}`).toBe(false);
      }
    }
    expect(got).toEqual(row.expect);
  });
});
