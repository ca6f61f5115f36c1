import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@sauce/contract/limits';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { startOfRoomyWindow } from '../../test/rate-window.ts';

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
    await startOfRoomyWindow(60_000);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(`sauce_pat_${b64url(randomBytes(32))}`) });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('past the limit, an address has even a right token refused unread; another address is served (issue #28)', async () => {
    const lee = await buildUser(limited, 'lee');
    const made = await limited.app.inject({ method: 'POST', url: '/api/auth/tokens', headers: lee.headers, payload: { name: 'cli', scope: 'read' } });
    const { token } = body(made).data as { token: string };
    await startOfRoomyWindow(60_000);
    const from = (remoteAddress: string, secret: string) =>
      limited.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(secret), remoteAddress });
    for (let i = 0; i < 4; i++) await from('203.0.113.9', `sauce_pat_${b64url(randomBytes(32))}`);
    const guessed = await from('203.0.113.9', token);
    expect(guessed.statusCode).toBe(429);
    expect(body(guessed).error.code).toBe('RATE_LIMITED');
    expect((await from('203.0.113.10', token)).statusCode).toBe(200);
  });
});

describe('connecting the browser extension', () => {
  const allow = (u: TestUser | { headers: Record<string, string> }, challenge: string, browser = 'Chrome') =>
    t.app.inject({ method: 'POST', url: '/api/auth/tokens/grants', headers: u.headers, payload: { challenge, browser } });
  const exchange = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/tokens/exchange', payload });
  const tokenCount = async (userId: number) =>
    (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM personal_access_tokens WHERE user_id = ${userId}`)).rows[0]!.n;

  it('Allow answers a one-time code; the verifier and the code together are exchanged for a write token once', async () => {
    const kim = await buildUser(t, 'kim');
    const { verifier, challenge } = pkce();
    const allowed = await allow(kim, challenge);
    expect(allowed.statusCode, allowed.body).toBe(200);
    const code = body(allowed).data.code as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Neither the verifier alone, nor the code with another verifier or the challenge, opens it.
    expect((await exchange({ verifier })).statusCode).toBe(400);
    for (const wrong of [
      { verifier, code: b64url(randomBytes(32)) },
      { verifier: challenge, code },
      { verifier: b64url(randomBytes(32)), code },
    ]) {
      expect((await exchange(wrong)).statusCode).toBe(404);
    }
    // Two exchanges at once make one token.
    const both = await Promise.all([1, 2].map(() => exchange({ verifier, code })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const got = body(both.find((r) => r.statusCode === 200)!).data;
    expect(got).toMatchObject({ name: 'Browser extension (Chrome)', scope: 'write' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(got.token) });
    expect(body(me).data.nickname).toBe('kim');
    expect((await exchange({ verifier, code })).statusCode).toBe(404);

    // The code is kept hashed; the used grant keeps its challenge taken: it cannot be allowed again.
    const { rows } = await t.db.execute<{ code_hash: string; used: boolean }>(
      sql`SELECT code_hash, used_at IS NOT NULL AS used FROM token_grants WHERE challenge = ${challenge}`,
    );
    expect(rows).toEqual([{ code_hash: createHash('sha256').update(code).digest('hex'), used: true }]);
    const again = await allow(kim, challenge);
    expect(again.statusCode).toBe(409);
    expect(body(again).error.code).toBe('CONNECTION_USED');
  });

  it('a link someone else made: the person who allows it gets the code; the maker, holding the verifier, gets no token', async () => {
    // The attacker needs no account: they make a verifier and send the link with its challenge.
    const attacker = pkce();
    const victim = await buildUser(t, 'vic');
    const allowed = await allow(victim, attacker.challenge);
    expect(allowed.statusCode).toBe(200);
    const code = body(allowed).data.code as string;

    // All the attacker has is the verifier (and the challenge): every exchange is refused.
    for (const payload of [
      { verifier: attacker.verifier },
      { verifier: attacker.verifier, code: b64url(randomBytes(32)) },
      { verifier: attacker.verifier, code: attacker.challenge },
      { verifier: attacker.verifier, code: attacker.verifier },
    ]) {
      const res = await exchange(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('sauce_pat_');
    }
    // The code goes to the victim's own extension, whose verifier is not the attacker's: nothing either.
    const victimsExtension = pkce();
    expect((await exchange({ verifier: victimsExtension.verifier, code })).statusCode).toBe(404);
    expect(await tokenCount(victim.userId)).toBe(0);
    // The grant is the victim's and stays unused until it lapses.
    const { rows } = await t.db.execute<{ user_id: number; used: boolean }>(
      sql`SELECT user_id, used_at IS NOT NULL AS used FROM token_grants WHERE challenge = ${attacker.challenge}`,
    );
    expect(rows).toEqual([{ user_id: victim.userId, used: false }]);
  });

  it('a grant belongs to the person who allowed it: another account allowing the same challenge is refused (409), also at once', async () => {
    const ann = await buildUser(t, 'ann2');
    const bob = await buildUser(t, 'bob2');
    const { verifier, challenge } = pkce();
    const first = await allow(ann, challenge);
    expect(first.statusCode).toBe(200);
    const second = await allow(bob, challenge, 'Firefox');
    expect(second.statusCode).toBe(409);
    expect(body(second).error.code).toBe('CONNECTION_USED');
    const { rows } = await t.db.execute<{ user_id: number; name: string }>(sql`SELECT user_id, name FROM token_grants WHERE challenge = ${challenge}`);
    expect(rows).toEqual([{ user_id: ann.userId, name: 'Browser extension (Chrome)' }]);
    // The extension that made the challenge is connected to ann's account, not bob's.
    const got = await exchange({ verifier, code: body(first).data.code });
    expect(got.statusCode).toBe(200);
    expect(body(await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(body(got).data.token) })).data.nickname).toBe('ann2');
    expect(await tokenCount(bob.userId)).toBe(0);

    // Two accounts allowing one challenge at once: one grant, the other refused.
    const race = pkce();
    const both = await Promise.all([allow(ann, race.challenge), allow(bob, race.challenge)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both[0]!.statusCode === 200 ? ann : bob;
    const { rows: raced } = await t.db.execute<{ user_id: number }>(sql`SELECT user_id FROM token_grants WHERE challenge = ${race.challenge}`);
    expect(raced).toEqual([{ user_id: winner.userId }]);
  });

  it(`an expired grant is not exchanged (they last ${LIMITS.tokenGrantTtlMs / 60_000} minutes); a token or no session cannot allow; bad input is 400`, async () => {
    const lu = await buildUser(t, 'lu');
    const { verifier, challenge } = pkce();
    const allowed = await allow(lu, challenge, 'Firefox');
    const code = body(allowed).data.code as string;
    const { rows } = await t.db.execute<{ minutes: number }>(
      sql`SELECT round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes FROM token_grants WHERE challenge = ${challenge}`,
    );
    expect(rows[0]!.minutes).toBe(LIMITS.tokenGrantTtlMs / 60_000);
    await t.db.execute(sql`UPDATE token_grants SET expires_at = now() - interval '1 second' WHERE challenge = ${challenge}`);
    expect((await exchange({ verifier, code })).statusCode).toBe(404);

    const token = await makeToken(lu);
    const other = pkce();
    expect((await allow({ headers: bearer(token.token) }, other.challenge)).statusCode).toBe(403);
    expect((await allow({ headers: {} }, other.challenge)).statusCode).toBe(401);
    for (const payload of [{ challenge: 'short', browser: 'Chrome' }, { challenge: other.challenge, browser: 'Netscape' }, { challenge: `${other.challenge}!`, browser: 'Chrome' }]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/tokens/grants', headers: lu.headers, payload })).statusCode).toBe(400);
    }
    for (const payload of [{ verifier: 'x', code }, { verifier, code: 'short' }, { code }]) {
      expect((await exchange(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
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
