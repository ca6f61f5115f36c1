import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@sauce/contract/limits';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';

/** Issue #20: personal access tokens and the browser extension's connection. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT: '1000' });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function makeToken(u: TestUser, scope: 'read' | 'write' = 'write', name = 'script') {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/tokens', headers: u.headers, payload: { name, scope } });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { id: number; token: string; name: string; scope: string };
}

const b64url = (buf: Buffer) => buf.toString('base64url');
const pkce = () => {
  const verifier = b64url(randomBytes(32));
  return { verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
};

describe('personal access tokens', () => {
  it('are shown once, listed without secrets, work as Bearer, and are stored hashed', async () => {
    const ann = await buildUser(t, 'ann');
    const created = await makeToken(ann, 'write', 'My laptop');
    expect(created.token).toMatch(/^sauce_pat_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'My laptop', scope: 'write', lastUsedAt: null, expiresAt: null });

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(created.token) });
    expect(me.statusCode).toBe(200);
    expect(body(me).data.nickname).toBe('ann');

    const list = await t.app.inject({ method: 'GET', url: '/api/auth/tokens', headers: ann.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(body(list).data).toHaveLength(1);
    expect(body(list).data[0]).toMatchObject({ id: created.id, name: 'My laptop', scope: 'write' });
    // Marked used in the background (at most once a minute), not waited for by the request.
    await expect
      .poll(async () => body(await t.app.inject({ method: 'GET', url: '/api/auth/tokens', headers: ann.headers })).data[0].lastUsedAt)
      .not.toBeNull();
    expect(body(list).data[0]).not.toHaveProperty('token');

    const { rows } = await t.db.execute<{ token_hash: string }>(sql`SELECT token_hash FROM personal_access_tokens WHERE id = ${created.id}`);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(10));
  });

  it('a read token reads but cannot write (403), a write token writes', async () => {
    const bo = await buildUser(t, 'bo');
    const read = await makeToken(bo, 'read');
    const write = await makeToken(bo, 'write');
    const list = await t.app.inject({ method: 'GET', url: `/api/archive/folder/${bo.workspaceId}/list`, headers: bearer(read.token) });
    expect(list.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/archive/folder/${bo.workspaceId}`,
      headers: bearer(read.token),
      payload: { name: 'Refs' },
    });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).error.code).toBe('NOT_AUTHORIZED');
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/archive/folder/${bo.workspaceId}`,
      headers: bearer(write.token),
      payload: { name: 'Refs' },
    });
    expect(made.statusCode).toBe(200);
  });

  it("a token sees only its person's spaces: a stranger's space is 404", async () => {
    const cy = await buildUser(t, 'cy');
    const dee = await buildUser(t, 'dee');
    const team = await buildWorkspace(t, dee);
    const token = await makeToken(cy, 'write');
    for (const ws of [dee.workspaceId, team]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/archive/folder/${ws}/list`, headers: bearer(token.token) });
      expect(res.statusCode).toBe(404);
    }
  });

  it('cannot manage tokens or delete the account; may revoke only itself', async () => {
    const ed = await buildUser(t, 'ed');
    const a = await makeToken(ed, 'write');
    const b = await makeToken(ed, 'read');
    const mint = await t.app.inject({ method: 'POST', url: '/api/auth/tokens', headers: bearer(a.token), payload: { name: 'x', scope: 'write' } });
    expect(mint.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/tokens', headers: bearer(a.token) });
    expect(list.statusCode).toBe(403);
    const leave = await t.app.inject({ method: 'POST', url: '/api/auth/withdrawal', headers: bearer(a.token), payload: { reason: 1 } });
    expect(leave.statusCode).toBe(403);
    const other = await t.app.inject({ method: 'DELETE', url: `/api/auth/tokens/${a.id}`, headers: bearer(b.token) });
    expect(other.statusCode).toBe(403);
    // A read token may revoke itself (the extension's Disconnect).
    const self = await t.app.inject({ method: 'DELETE', url: `/api/auth/tokens/${b.id}`, headers: bearer(b.token) });
    expect(self.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(b.token) });
    expect(after.statusCode).toBe(401);
  });

  it('revoked, expired, forged, another person’s id and a withdrawn account’s tokens are refused', async () => {
    const fi = await buildUser(t, 'fi');
    const gus = await buildUser(t, 'gus');
    const revoked = await makeToken(fi);
    const expired = await makeToken(fi);
    const gusToken = await makeToken(gus);

    // Another person's token id: 404, and the token keeps working.
    const stranger = await t.app.inject({ method: 'DELETE', url: `/api/auth/tokens/${gusToken.id}`, headers: fi.headers });
    expect(stranger.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(gusToken.token) })).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/tokens/${revoked.id}`, headers: fi.headers })).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE id = ${expired.id}`);
    const forged = `sauce_pat_${b64url(randomBytes(32))}`;
    for (const token of [revoked.token, expired.token, forged, 'sauce_pat_', `${gusToken.token}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
      expect(res.statusCode, token).toBe(401);
      expect(body(res).error.code).toBe('UNAUTHENTICATED');
    }

    // Withdrawal takes the account's tokens with it.
    const leave = await t.app.inject({ method: 'POST', url: '/api/auth/withdrawal', headers: gus.headers, payload: { reason: 1 } });
    expect(leave.statusCode, leave.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(gusToken.token) })).statusCode).toBe(401);
  });

  it('expires after the days asked for', async () => {
    const hal = await buildUser(t, 'hal');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/tokens', headers: hal.headers, payload: { name: 'ci', scope: 'read', expiresInDays: 30 } });
    expect(res.statusCode).toBe(200);
    const days = (Date.parse(body(res).data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('refuses bad input', async () => {
    const ida = await buildUser(t, 'ida');
    for (const payload of [
      { name: '', scope: 'read' },
      { name: 'x'.repeat(61), scope: 'read' },
      { name: 'ok', scope: 'admin' },
      { name: 'ok', scope: 'read', expiresInDays: 0 },
      { name: 'ok', scope: 'read', expiresInDays: 366 },
      { name: 'a\u0000b', scope: 'read' },
      { scope: 'read' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/tokens', headers: ida.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/auth/tokens', payload: { name: 'x', scope: 'read' } });
    expect(signedOut.statusCode).toBe(401);
  });

  it(`holds at most ${LIMITS.personalTokens} per person, also when made in parallel`, async () => {
    const jo = await buildUser(t, 'jo');
    await t.db.execute(sql`
      INSERT INTO personal_access_tokens (user_id, name, scope, token_hash)
      SELECT ${jo.userId}, 'bulk', 'read', md5(random()::text) || g FROM generate_series(1, ${LIMITS.personalTokens - 3}) g`);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/auth/tokens', headers: jo.headers, payload: { name: 'p', scope: 'read' } })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(5);
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM personal_access_tokens WHERE user_id = ${jo.userId}`);
    expect(rows[0]!.n).toBe(LIMITS.personalTokens);
  });
});

describe('wrong tokens count against the sign-in rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ AUTH_RATE_LIMIT: '3' });
  });

  it('answers 429 past AUTH_RATE_LIMIT wrong tokens a minute from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(`sauce_pat_${b64url(randomBytes(32))}`) });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('connecting the browser extension', () => {
  it('the signed-in person allows a challenge; the verifier is exchanged for a write token once', async () => {
    const kim = await buildUser(t, 'kim');
    const { verifier, challenge } = pkce();
    const early = await t.app.inject({ method: 'POST', url: '/api/auth/tokens/exchange', payload: { verifier } });
    expect(early.statusCode).toBe(404);

    const allow = await t.app.inject({ method: 'POST', url: '/api/auth/tokens/grants', headers: kim.headers, payload: { challenge, browser: 'Chrome' } });
    expect(allow.statusCode, allow.body).toBe(200);

    // Only the verifier opens it: the challenge itself, or another verifier, does not.
    for (const wrong of [challenge, b64url(randomBytes(32))]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/tokens/exchange', payload: { verifier: wrong } })).statusCode).toBe(404);
    }
    // Two exchanges at once make one token.
    const both = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/auth/tokens/exchange', payload: { verifier } })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const got = body(both.find((r) => r.statusCode === 200)!).data;
    expect(got).toMatchObject({ name: 'Browser extension (Chrome)', scope: 'write' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(got.token) });
    expect(body(me).data.nickname).toBe('kim');
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM token_grants`);
    expect(rows[0]!.n).toBe(0);
  });

  it('an expired grant is not exchanged; a token or no session cannot allow; bad challenges are 400', async () => {
    const lu = await buildUser(t, 'lu');
    const { verifier, challenge } = pkce();
    await t.app.inject({ method: 'POST', url: '/api/auth/tokens/grants', headers: lu.headers, payload: { challenge, browser: 'Firefox' } });
    await t.db.execute(sql`UPDATE token_grants SET expires_at = now() - interval '1 second' WHERE challenge = ${challenge}`);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/tokens/exchange', payload: { verifier } })).statusCode).toBe(404);

    const token = await makeToken(lu);
    const other = pkce();
    const byToken = await t.app.inject({ method: 'POST', url: '/api/auth/tokens/grants', headers: bearer(token.token), payload: { challenge: other.challenge, browser: 'Chrome' } });
    expect(byToken.statusCode).toBe(403);
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/auth/tokens/grants', payload: { challenge: other.challenge, browser: 'Chrome' } });
    expect(signedOut.statusCode).toBe(401);
    for (const payload of [{ challenge: 'short', browser: 'Chrome' }, { challenge: other.challenge, browser: 'Netscape' }, { challenge: `${other.challenge}!`, browser: 'Chrome' }]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/tokens/grants', headers: lu.headers, payload })).statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/tokens/exchange', payload: { verifier: 'x' } })).statusCode).toBe(400);
  });
});

describe('CORS for the extension', () => {
  it('answers extension origins on the addresses the extension calls, without credentials; nothing else', async () => {
    const pre = (origin: string, url: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
    for (const origin of ['chrome-extension://abcdefghijklmnopabcdefghijklmnop', 'moz-extension://0a1b2c3d-1111-2222-3333-444455556666']) {
      const res = await pre(origin, '/api/archive/sauce/1/capture');
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-headers']).toContain('authorization');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    expect((await pre('https://evil.example', '/api/archive/sauce/1/capture')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await pre('chrome-extension://abc', '/api/auth/tokens')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await pre('chrome-extension://abc', '/api/auth/withdrawal')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
