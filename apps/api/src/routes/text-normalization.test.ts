import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../test/build-app.ts';
import { buildUser, type TestUser } from '../test/factories.ts';

/** Issue #9 item 6: text that looks like something else. */

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  u = await buildUser(t, 'norm');
});

const folder = (name: string) =>
  t.app.inject({ method: 'POST', url: `/api/archive/folder/${u.workspaceId}`, headers: u.headers, payload: { name } });
const sauce = (payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/archive/sauce/${u.workspaceId}`, headers: u.headers, payload: { type: 'TEXT', textSauce: { text: 'x' }, ...payload } });

describe('names, titles and tags are compared and stored in one form', () => {
  it('a name with a zero-width space, or in NFD, is the same name', async () => {
    expect((await folder('Design')).statusCode).toBe(200);
    const zw = await folder('Design\u200b');
    expect(zw.statusCode).toBe(409);
    expect(body(zw).error.code).toBe('FOLDER_NAME_EXISTS');
    expect(body(await folder('Caf\u00e9')).data.name).toBe('Caf\u00e9');
    expect((await folder('Cafe\u0301')).statusCode).toBe(409);
    const nfd = body(await folder('\u1112\u1161\u11ab')).data; // 한 in decomposed jamo
    expect(nfd.name).toBe('\ud55c');
  });

  it('refuses names that are empty without invisible characters, and direction controls', async () => {
    for (const name of ['\u200b', '\u3164', '\u200b\u3164 ', '\u2800', 'ab\u202ecd', 'x\u2066y\u2069']) {
      const res = await folder(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(body(res).error.code).toBe('INVALID_FORMAT');
    }
  });

  it('titles lose zero-width characters and refuse direction overrides', async () => {
    const s = body(await sauce({ title: 'Brief\u200b 2026' })).data;
    expect(s.title).toBe('Brief 2026');
    const rlo = await sauce({ title: 'invoice\u202egnp.exe' });
    expect(rlo.statusCode).toBe(400);
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/archive/sauce/${u.workspaceId}/${s.id}`, headers: u.headers, payload: { title: 'a\u2067b' } });
    expect(patched.statusCode).toBe(400);
  });

  it('tags: invisible Hangul fillers are refused; NFD and zero-width forms are one tag', async () => {
    for (const tag of ['\u3164', '\u3164\u3164', '\u115f', '\uffa0']) {
      expect((await sauce({ tagSet: [tag] })).statusCode, JSON.stringify(tag)).toBe(400);
    }
    const s = body(await sauce({ tagSet: ['\u1112\u1161\u11ab\u1100\u116e\u11a8', 'ux\u200b'] })).data;
    expect(s.tagSet.map((x: { name: string }) => x.name)).toEqual(['\ud55c\uad6d', 'ux']);
    const tags = body(await t.app.inject({ url: '/api/archive/tag/list', headers: u.headers })).data.results.map((x: { name: string }) => x.name);
    expect(tags.sort()).toEqual(['ux', '\ud55c\uad6d']);
  });
});

describe('bodies must be valid UTF-8', () => {
  it('answers 400 for invalid bytes instead of storing U+FFFD', async () => {
    const bad = Buffer.concat([Buffer.from('{"name":"ab'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/archive/folder/${u.workspaceId}`,
      headers: { ...u.headers, 'content-type': 'application/json' },
      payload: bad,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toMatchObject({ code: 'INVALID_FORMAT' });
    const list = body(await t.app.inject({ url: `/api/archive/folder/${u.workspaceId}/list`, headers: u.headers })).data.results;
    expect(list.some((f: { name: string }) => f.name.includes('\ufffd'))).toBe(false);
    // Valid JSON still parses, prototype poisoning is still refused.
    const poison = await t.app.inject({
      method: 'POST',
      url: `/api/archive/folder/${u.workspaceId}`,
      headers: { ...u.headers, 'content-type': 'application/json' },
      payload: '{"name":"p","__proto__":{"x":1}}',
    });
    expect(poison.statusCode).toBe(400);
  });
});
