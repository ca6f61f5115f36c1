import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  u = await buildUser(t);
});
const post = (url: string, name: unknown, who = u) => t.app.inject({ method: 'POST', url, headers: who.headers, payload: { name } });
const names = async (query = '', who = u) =>
  body(await t.app.inject({ url: `/api/archive/tag/list${query}`, headers: who.headers })).data.results.map((x: any) => `${x.name}${x.favorite ? '*' : ''}`);

describe('tags', () => {
  it('creates tags lowercase, idempotently, with Korean letters and digits', async () => {
    expect(body(await post('/api/archive/tag', 'Figma')).data).toEqual({ name: 'figma', favorite: false });
    expect((await post('/api/archive/tag', 'FIGMA')).statusCode).toBe(200);
    expect((await post('/api/archive/tag', '디자인2026')).statusCode).toBe(200);
    expect(await names()).toEqual(['figma', '디자인2026']);
  });

  it('refuses spaces, emoji, punctuation, empty and 16 characters', async () => {
    for (const bad of ['a b', '😀', 'ui/ux', '', 'x'.repeat(16), 7]) {
      const res = await post('/api/archive/tag', bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(body(res).error.code).toBe('INVALID_FORMAT');
    }
  });

  it('favorites and unfavorites; favorites list first and filter', async () => {
    await post('/api/archive/tag', 'zeta');
    expect(body(await post('/api/archive/tag/favorite', 'Zeta')).data).toEqual({ name: 'zeta', favorite: true });
    expect(await names()).toEqual(['zeta*', 'figma', '디자인2026']);
    expect(await names('?favorite=true')).toEqual(['zeta*']);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/archive/tag/favorite/zeta', headers: u.headers });
    expect(body(del).data).toEqual({ name: 'zeta', favorite: false });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/archive/tag/favorite/nothere', headers: u.headers })).statusCode).toBe(404);
  });

  it('searches and pages, and keeps each person’s list their own', async () => {
    expect(await names('?search=fig')).toEqual(['figma']);
    const page = body(await t.app.inject({ url: '/api/archive/tag/list?pageSize=1&page=2', headers: u.headers })).data;
    expect(page).toMatchObject({ count: 3, previous: 1, next: 3 });
    const other = await buildUser(t);
    expect(await names('', other)).toEqual([]);
  });
});
