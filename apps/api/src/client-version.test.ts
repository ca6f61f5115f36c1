import { API_VERSION, API_VERSION_HEADER, MIN_API_VERSION } from '@sauce/contract/http';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from './test/build-app.ts';
import { buildUser, type TestUser } from './test/factories.ts';
import { fakeWebDist } from './test/web-dist.ts';

/**
 * Issue #19 item 8, SPEC §8 'Please update the service': a client that says (Api-Version,
 * SPEC §7) it was built for an older API than this one serves is answered 426
 * CLIENT_OUTDATED before anything is done for it; the current and newer ones, and clients
 * that send no version, are served.
 */

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: fakeWebDist() });
  user = await buildUser(t);
});

const folders = async () =>
  body(await t.app.inject({ url: `/api/archive/folder/${user.workspaceId}/list`, headers: user.headers })).data.results as { name: string }[];

describe('Api-Version (issue #19)', () => {
  it('serves the current version, a newer one, and a client that sends none', async () => {
    expect(MIN_API_VERSION).toBeLessThanOrEqual(API_VERSION);
    for (const headers of [{}, { [API_VERSION_HEADER]: String(API_VERSION) }, { [API_VERSION_HEADER]: String(API_VERSION + 1) }]) {
      const res = await t.app.inject({ url: '/api/workspace', headers: { ...user.headers, ...headers } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers an older client 426 CLIENT_OUTDATED, and does nothing it asked', async () => {
    const old = String(MIN_API_VERSION - 1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/archive/folder/${user.workspaceId}`,
      headers: { ...user.headers, [API_VERSION_HEADER]: old },
      payload: { name: 'From the past' },
    });
    expect(res.statusCode).toBe(426);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(body(res)).toEqual({
      success: false,
      error: { code: 'CLIENT_OUTDATED', message: 'Please update the service.', details: { version: MIN_API_VERSION - 1, minVersion: MIN_API_VERSION } },
    });
    expect(await folders()).toEqual([]);
    // Signed out, and on a public read, alike: it is about the client, not the person.
    for (const url of ['/api/auth/session', '/api/discovery/articles']) {
      const r = await t.app.inject({ url, headers: { [API_VERSION_HEADER]: old } });
      expect([r.statusCode, body(r).error.code]).toEqual([426, 'CLIENT_OUTDATED']);
    }
  });

  it('refuses a version that is not a whole number', async () => {
    for (const bad of ['abc', '1.5', '-1', '', '1e3', '1234567890']) {
      const res = await t.app.inject({ url: '/api/workspace', headers: { ...user.headers, [API_VERSION_HEADER]: bad } });
      expect([bad, res.statusCode, body(res).error.code]).toEqual([bad, 400, 'INVALID_FORMAT']);
    }
  });

  it('leaves the web app’s pages and files alone', async () => {
    const res = await t.app.inject({ url: '/dashboard', headers: { [API_VERSION_HEADER]: '0' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});
