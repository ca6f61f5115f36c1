import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from './build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from './factories.ts';
import { hold, startBlocked } from './held.ts';
import { multipart, multipartForm } from './upload.ts';

/**
 * Issue #18: writes that run at the same time as a role change, a removal, a leave or a
 * withdrawal. Races are driven with held transactions: the test takes the locks a role
 * change takes and leaves them open, starts the write, waits until PostgreSQL says the write
 * waits for them, then commits — so the write must run with the role in force when it
 * commits, whatever the timing.
 */

let t: TestApp;
let png: Buffer;
let page: http.Server;
let pageUrl: string;

beforeAll(async () => {
  t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'true' });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff6b3d' } }).png().toBuffer();
  page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Page</title>'));
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => page.close(() => r())));

const call = (user: TestUser, opts: InjectOptions) => t.app.inject({ ...opts, headers: { ...user.headers, ...opts.headers } });
async function ok(user: TestUser, opts: InjectOptions) {
  const res = await call(user, opts);
  if (res.statusCode !== 200) throw new Error(`setup ${opts.method ?? 'GET'} ${opts.url}: ${res.statusCode} ${res.body}`);
  return body(res).data;
}

/** A space with its owner, a second owner and an editor. */
async function world() {
  const owner = await buildUser(t);
  const ws = await buildWorkspace(t, owner);
  return { ws, owner, owner2: await buildMember(t, ws, 'OWNER'), editor: await buildMember(t, ws, 'EDITOR') };
}
type World = Awaited<ReturnType<typeof world>>;

const textSauce = (w: World, u: TestUser) =>
  ok(u, { method: 'POST', url: `/api/archive/sauce/${w.ws}`, payload: { type: 'TEXT', title: 't', textSauce: { text: 'x' } } });
const folder = (w: World, u: TestUser, name: string) => ok(u, { method: 'POST', url: `/api/archive/folder/${w.ws}`, payload: { name } });
const upload = (w: World, u: TestUser) => {
  const f = multipart(png, { filename: 'a.png', contentType: 'image/png' });
  return ok(u, { method: 'POST', url: `/api/archive/sauce/${w.ws}/image/upload/single`, headers: f.headers, payload: f.payload });
};
const inviteId = async (w: World, permission = 'EDITOR') =>
  new URL((await ok(w.owner, { method: 'POST', url: '/api/workspace/invite/create', payload: { workspace: { id: w.ws }, permission } })).link)
    .searchParams.get('id')!;

/** A write route, made ready by its actor (an editor, or an owner for owner-only routes). */
interface WriteRow {
  ownerOnly?: boolean;
  request(w: World, actor: TestUser): Promise<InjectOptions> | InjectOptions;
}

const WRITES: Record<string, WriteRow> = {
  'create a text source': {
    request: (w) => ({ method: 'POST', url: `/api/archive/sauce/${w.ws}`, payload: { type: 'TEXT', textSauce: { text: 'late' } } }),
  },
  'create an image source': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/archive/sauce/${w.ws}`,
      payload: { type: 'IMAGE', imageSauce: [{ id: (await upload(w, a)).id, comments: [] }] },
    }),
  },
  'upload an image': {
    request: (w) => {
      const f = multipart(png, { filename: 'a.png', contentType: 'image/png' });
      return { method: 'POST', url: `/api/archive/sauce/${w.ws}/image/upload/single`, headers: f.headers, payload: f.payload };
    },
  },
  'edit a source': {
    request: async (w, a) => ({ method: 'PATCH', url: `/api/archive/sauce/${w.ws}/${(await textSauce(w, a)).id}`, payload: { title: 'edited' } }),
  },
  'delete a source': {
    request: async (w, a) => ({ method: 'DELETE', url: `/api/archive/sauce/${w.ws}/${(await textSauce(w, a)).id}` }),
  },
  'share a source': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/archive/sauce/${w.ws}/${(await textSauce(w, a)).id}/share`,
      payload: { isShareEnabled: true },
    }),
  },
  // Issue #32: a folder's board, and a source's share settings.
  'share a folder as a board': {
    request: async (w, a) => ({ method: 'PATCH', url: `/api/archive/folder/${w.ws}/${(await folder(w, a, 'b')).id}/share`, payload: { enabled: true } }),
  },
  "change a source's share settings": {
    request: async (w, a) => ({
      method: 'PATCH',
      url: `/api/archive/sauce/${w.ws}/${(await textSauce(w, a)).id}/share`,
      payload: { enabled: true, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), password: 'late' },
    }),
  },
  'create a folder': { request: (w) => ({ method: 'POST', url: `/api/archive/folder/${w.ws}`, payload: { name: 'late' } }) },
  'rename a folder': {
    request: async (w, a) => ({ method: 'PATCH', url: `/api/archive/folder/${w.ws}/${(await folder(w, a, 'f')).id}`, payload: { name: 'g' } }),
  },
  'delete a folder': {
    request: async (w, a) => ({ method: 'DELETE', url: `/api/archive/folder/${w.ws}/${(await folder(w, a, 'f')).id}` }),
  },
  'reorder folders': {
    request: async (w, a) => {
      const [x, y] = [await folder(w, a, 'x'), await folder(w, a, 'y')];
      return { method: 'PATCH', url: `/api/archive/folder/${w.ws}/order`, payload: [{ id: y.id, order: 1 }, { id: x.id, order: 2 }] };
    },
  },
  'save an article': {
    request: async (w) => {
      const { rows } = await t.db.execute<{ id: number }>(sql`
        INSERT INTO articles (title, url, canonical_url, category)
        VALUES ('Race', ${pageUrl}, ${`https://race.example/${Math.random()}`}, 1) RETURNING id`);
      return { method: 'POST', url: `/api/discovery/articles/${rows[0]!.id}/fork`, payload: { workspace: { id: w.ws } } };
    },
  },
  'start an import': {
    request: (w) => {
      const file = Buffer.from('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF="https://a.example/" ADD_DATE="1">A</A>\n</DL><p>\n');
      const f = multipartForm([{ name: 'workspace', value: String(w.ws) }, { name: 'file', data: file, filename: 'b.html', contentType: 'text/html' }]);
      return { method: 'POST', url: '/api/account/import', headers: f.headers, payload: f.payload };
    },
  },
  'make an invite link': {
    ownerOnly: true,
    request: (w) => ({ method: 'POST', url: '/api/workspace/invite/create', payload: { workspace: { id: w.ws }, permission: 'OWNER' } }),
  },
  'reset an invite link': {
    ownerOnly: true,
    request: async (w) => ({ method: 'DELETE', url: `/api/workspace/invitation/${await inviteId(w)}` }),
  },
  "change a member's permission": {
    ownerOnly: true,
    request: (w) => ({ method: 'PATCH', url: `/api/workspace/${w.ws}/user/${w.editor.userId}`, payload: { permission: 'OWNER' } }),
  },
  'remove a member': {
    ownerOnly: true,
    request: (w) => ({ method: 'DELETE', url: `/api/workspace/${w.ws}/user/${w.editor.userId}` }),
  },
  'rename the space': {
    ownerOnly: true,
    request: (w) => {
      const f = multipartForm([{ name: 'name', value: 'Renamed' }]);
      return { method: 'PATCH', url: `/api/workspace/${w.ws}`, headers: f.headers, payload: f.payload };
    },
  },
};

/** The owner's change, as the app makes it: the space's lock, then the member's row. */
const demote = (w: World, who: TestUser, to: string): [string, unknown[]?][] => [
  ['SELECT id FROM workspaces WHERE id = $1 FOR NO KEY UPDATE', [w.ws]],
  ['UPDATE workspace_members SET permission = $3 WHERE workspace_id = $1 AND user_id = $2', [w.ws, who.userId, to]],
];
const remove = (w: World, who: TestUser): [string, unknown[]?][] => [
  ['SELECT id FROM workspaces WHERE id = $1 FOR NO KEY UPDATE', [w.ws]],
  ['DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [w.ws, who.userId]],
];

async function countSauces(ws: number) {
  const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${ws}`);
  return rows[0]!.n;
}

describe('a write runs with the permission in force when it commits (issue #18)', () => {
  for (const [name, row] of Object.entries(WRITES)) {
    for (const change of ['demoted', 'removed'] as const) {
      it(`${name}: refused when the actor is ${change} while it waits`, async () => {
        const w = await world();
        const actor = row.ownerOnly ? w.owner2 : w.editor;
        const opts = await row.request(w, actor);
        const before = await countSauces(w.ws);
        const held = await hold(t, change === 'demoted' ? demote(w, actor, row.ownerOnly ? 'EDITOR' : 'READER') : remove(w, actor));
        try {
          const { result } = await startBlocked(t, () => call(actor, opts));
          await held.commit();
          const res = await result;
          expect(res.statusCode, res.body).toBe(change === 'demoted' ? 403 : 404);
        } finally {
          await held.rollback().catch(() => undefined);
        }
        expect(await countSauces(w.ws)).toBe(before);
      });
    }
  }

  it("tag rename: a source in a space where the author was just made a reader keeps its tag", async () => {
    const w = await world();
    const { id } = await ok(w.editor, {
      method: 'POST',
      url: `/api/archive/sauce/${w.ws}`,
      payload: { type: 'TEXT', textSauce: { text: 'x' }, tagSet: ['mood'] },
    });
    const held = await hold(t, demote(w, w.editor, 'READER'));
    const { result } = await startBlocked(t, () => call(w.editor, { method: 'PATCH', url: '/api/archive/tag/mood', payload: { name: 'vibe' } }));
    await held.commit();
    expect((await result).statusCode).toBe(200);
    const sauce = await ok(w.owner, { url: `/api/archive/sauce/${w.ws}/${id}` });
    expect(sauce.tagSet).toEqual([{ name: 'mood' }]);
  });
});

/** Owners of a space now. */
async function owners(ws: number) {
  const { rows } = await t.db.execute<{ n: number; members: number }>(sql`
    SELECT count(*) FILTER (WHERE permission = 'OWNER')::int AS n, count(*)::int AS members FROM workspace_members WHERE workspace_id = ${ws}`);
  return rows[0]!;
}

describe('a space never loses its last owner (issue #18)', () => {
  const leave = (w: World): InjectOptions => ({ method: 'DELETE', url: `/api/workspace/${w.ws}/leave` });
  const withdraw = (): InjectOptions => ({ method: 'POST', url: '/api/auth/withdrawal', payload: { reason: 1 } });
  const demoteOther = (w: World, other: TestUser): InjectOptions => ({
    method: 'PATCH',
    url: `/api/workspace/${w.ws}/user/${other.userId}`,
    payload: { permission: 'EDITOR' },
  });
  const removeOther = (w: World, other: TestUser): InjectOptions => ({ method: 'DELETE', url: `/api/workspace/${w.ws}/user/${other.userId}` });
  const demoteSelf = (w: World, self: TestUser): InjectOptions => ({
    method: 'PATCH',
    url: `/api/workspace/${w.ws}/user/${self.userId}`,
    payload: { permission: 'READER' },
  });

  type Act = (w: World, self: TestUser, other: TestUser) => InjectOptions;
  /** What each of the two owners does (`other` is the other owner). */
  const SCENARIOS: Record<string, [Act, Act]> = {
    'withdrawal beside a leave': [() => withdraw(), (w) => leave(w)],
    'two leaves': [(w) => leave(w), (w) => leave(w)],
    'two withdrawals': [() => withdraw(), () => withdraw()],
    'two demotions of each other': [(w, _s, other) => demoteOther(w, other), (w, _s, other) => demoteOther(w, other)],
    'two removals of each other': [(w, _s, other) => removeOther(w, other), (w, _s, other) => removeOther(w, other)],
    'a demotion of oneself beside a withdrawal': [(w, self) => demoteSelf(w, self), () => withdraw()],
    'a removal beside a withdrawal': [(w, _s, other) => removeOther(w, other), () => withdraw()],
  };

  for (const [name, [first, second]] of Object.entries(SCENARIOS)) {
    for (const order of ['in order', 'reversed'] as const) {
      it(`${name} (${order})`, async () => {
        const w = await world();
        const [a, b] = order === 'in order' ? [w.owner, w.owner2] : [w.owner2, w.owner];
        const [fa, fb] = order === 'in order' ? [first, second] : [second, first];
        // Both requests queue behind the space's lock, then run one after the other.
        const held = await hold(t, [['SELECT id FROM workspaces WHERE id = $1 FOR NO KEY UPDATE', [w.ws]]]);
        let results: LightMyRequestResponse[];
        try {
          const { result } = await startBlocked(t, () => Promise.all([call(a, fa(w, a, b)), call(b, fb(w, b, a))]), 2);
          await held.commit();
          results = await result;
        } finally {
          await held.rollback().catch(() => undefined);
        }
        for (const r of results) expect(r.statusCode, r.body).toBeLessThan(500);
        const now = await owners(w.ws);
        if (now.members > 0) expect(now.n, `members ${now.members}, owners ${now.n}`).toBeGreaterThanOrEqual(1);
        // Removing someone who then withdraws is fine both ways; every other pair would leave
        // no owner if both went through.
        if (!name.startsWith('a removal')) expect(results.some((r) => r.statusCode >= 400), 'one of the two was refused').toBe(true);
      });
    }
  }
});

describe('invite links after an owner decides (issue #18)', () => {
  async function joined(w: World, link: string) {
    const u = await buildUser(t);
    await ok(u, { method: 'POST', url: `/api/workspace/invitation/${link}` });
    return u;
  }

  it('a demoted member who leaves cannot come back at the old permission with the same link', async () => {
    const w = await world();
    const link = await inviteId(w, 'EDITOR');
    const member = await joined(w, link);
    await ok(w.owner, { method: 'PATCH', url: `/api/workspace/${w.ws}/user/${member.userId}`, payload: { permission: 'READER' } });
    await ok(member, { method: 'DELETE', url: `/api/workspace/${w.ws}/leave` });
    const again = await call(member, { method: 'POST', url: `/api/workspace/invitation/${link}` });
    expect(again.statusCode).toBe(404);
    expect(body(again).error.code).toBe('INVITATION_EXPIRED');
    // The owner's next invite is a fresh link, which works.
    const fresh = await inviteId(w, 'EDITOR');
    expect(fresh).not.toBe(link);
    expect((await call(member, { method: 'POST', url: `/api/workspace/invitation/${fresh}` })).statusCode).toBe(200);
  });

  it('a removed member cannot come back with any link up to the permission they held', async () => {
    const w = await world();
    const editorLink = await inviteId(w, 'EDITOR');
    const readerLink = await inviteId(w, 'READER');
    const member = await joined(w, editorLink);
    await ok(w.owner, { method: 'DELETE', url: `/api/workspace/${w.ws}/user/${member.userId}` });
    expect((await call(member, { url: `/api/workspace/invitation/${editorLink}` })).statusCode).toBe(404);
    expect((await call(member, { method: 'POST', url: `/api/workspace/invitation/${editorLink}` })).statusCode).toBe(404);
    // Everything up to what they held is reset: a removed editor's reader link is gone too.
    expect((await call(member, { method: 'POST', url: `/api/workspace/invitation/${readerLink}` })).statusCode).toBe(404);
  });

  it('a member who leaves of their own accord may come back with the same link', async () => {
    const w = await world();
    const link = await inviteId(w, 'EDITOR');
    const member = await joined(w, link);
    await ok(member, { method: 'DELETE', url: `/api/workspace/${w.ws}/leave` });
    expect((await call(member, { method: 'POST', url: `/api/workspace/invitation/${link}` })).statusCode).toBe(200);
  });

  it('a link reset while someone accepts it does not let them in', async () => {
    const w = await world();
    const link = await inviteId(w, 'EDITOR');
    const late = await buildUser(t);
    const held = await hold(t, [
      ['SELECT id FROM workspaces WHERE id = $1 FOR NO KEY UPDATE', [w.ws]],
      ['UPDATE workspace_invitations SET revoked_at = now() WHERE workspace_id = $1', [w.ws]],
    ]);
    const { result } = await startBlocked(t, () => call(late, { method: 'POST', url: `/api/workspace/invitation/${link}` }));
    await held.commit();
    expect((await result).statusCode).toBe(404);
  });
});

describe('writes racing the person’s own withdrawal (issue #18)', () => {
  const gone = async (u: TestUser) => hold(t, [['DELETE FROM users WHERE id = $1', [u.userId]]]);

  it('an upload answers 401, not 500', async () => {
    const u = await buildUser(t);
    const held = await gone(u);
    const f = multipart(png, { filename: 'a.png', contentType: 'image/png' });
    const { result } = await startBlocked(t, () =>
      call(u, { method: 'POST', url: `/api/archive/sauce/${u.workspaceId}/image/upload/single`, headers: f.headers, payload: f.payload }),
    );
    await held.commit();
    const res = await result;
    expect([401, 404], res.body).toContain(res.statusCode);
  });

  for (const [name, url] of [
    ['a tag', '/api/archive/tag'],
    ['a favourite tag', '/api/archive/tag/favorite'],
  ] as const) {
    it(`creating ${name} answers 401 or 404, not 500`, async () => {
      const u = await buildUser(t);
      const held = await gone(u);
      const { result } = await startBlocked(t, () => call(u, { method: 'POST', url, payload: { name: 'late' } }));
      await held.commit();
      const res = await result;
      expect([401, 404], res.body).toContain(res.statusCode);
    });
  }
});

describe('text PostgreSQL cannot store (issue #18)', () => {
  it('is refused with 400 in a path, a query, a JSON body and a form field', async () => {
    const u = await buildUser(t);
    const form = multipartForm([{ name: 'name', value: 'Team\u0000' }]);
    const responses = await Promise.all([
      t.app.inject({ url: '/api/archive/sauce/share/%00' }),
      call(u, { url: `/api/archive/sauce/${u.workspaceId}/list?search=a%00b` }),
      call(u, { method: 'POST', url: `/api/archive/sauce/${u.workspaceId}`, payload: { type: 'TEXT', title: 'a\u0000b', textSauce: { text: 'x' } } }),
      call(u, { method: 'POST', url: `/api/archive/sauce/${u.workspaceId}`, payload: { type: 'TEXT', textSauce: { text: 'x\u0000' } } }),
      call(u, { method: 'PATCH', url: '/api/auth/profile', payload: { jobType: 'a\u0000' } }),
      call(u, { url: '/api/workspace/invitation/%00' }),
      call(u, { method: 'POST', url: '/api/workspace', headers: form.headers, payload: form.payload }),
    ]);
    for (const res of responses) {
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).error.code).toBe('INVALID_FORMAT');
    }
    expect(await countSauces(u.workspaceId)).toBe(0);
  });
});
