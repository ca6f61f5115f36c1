import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from './test/build-app.ts';
import { buildUser, type TestUser } from './test/factories.ts';
import { multipartForm, type FormPart } from './test/upload.ts';
import { fakeWebDist } from './test/web-dist.ts';

/**
 * Issue #11 item 6: the API's edges answer in the error envelope — unknown paths of any
 * method, malformed URLs, multipart bodies without a file or that cannot be read.
 */

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  // With a web app to fall back to, as served: unknown API paths must not reach its page.
  t = await buildTestApp({ WEB_DIST: fakeWebDist() });
  user = await buildUser(t);
});

/** Asserts `res` is the error envelope with `status` and `code`, as JSON. */
function expectEnvelope(res: Awaited<ReturnType<TestApp['app']['inject']>>, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(body(res)).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
}

describe('unknown /api paths (issue #11 item 6)', () => {
  const methods: InjectOptions['method'][] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'];
  const paths = ['/api/anything-unknown', '/api/archive/nope/1/2', '/api', '/api/', '/api/anything-unknown?x=1'];

  it.each(methods.flatMap((method) => paths.map((url) => [method, url] as const)))('%s %s is a JSON 404', async (method, url) => {
    // Signed in by bearer, so that writes are not stopped by the anti-forgery check first.
    expectEnvelope(await t.app.inject({ method, url, headers: user.headers }), 404, 'NOT_FOUND');
  });

  it('HEAD of an unknown path is a 404 too, never the web app', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/anything-unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('leaves known routes, the API browser and the web app’s pages alone', async () => {
    expect((await t.app.inject({ url: '/archive/anything' })).headers['content-type']).toMatch(/^text\/html/);
    expect((await t.app.inject({ url: '/api/auth/config' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/workspace' })).statusCode).toBe(401);
  });
});

describe('malformed URLs (issue #11 item 6)', () => {
  it.each(['/api/%ff', '/api/workspace/%E0%A4%A', '/%ff', '/files/%c0%af'])('%s is a 400 in the envelope', async (url) => {
    expectEnvelope(await t.app.inject({ url }), 400, 'INVALID_FORMAT');
  });
});

describe('multipart uploads without an image (issue #11 item 6)', () => {
  const upload = (payload: Buffer | string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/archive/sauce/${user.workspaceId}/image/upload/single`,
      headers: { ...user.headers, 'content-type': contentType },
      payload,
    });
  const form = (parts: FormPart[]) => {
    const f = multipartForm(parts);
    return upload(f.payload, f.headers['content-type']);
  };

  it.each<[string, FormPart[]]>([
    ['no part at all', []],
    ['a text field only', [{ name: 'title', value: 'holiday' }]],
    ['a file under another name', [{ name: 'image', data: Buffer.from('abc') }]],
  ])('%s is 400 NO_IMAGE', async (_what, parts) => {
    expectEnvelope(await form(parts), 400, 'NO_IMAGE');
  });

  it('an empty body is 400 NO_IMAGE', async () => {
    expectEnvelope(await upload('', 'multipart/form-data; boundary=abc'), 400, 'NO_IMAGE');
  });

  it('a field before the file is 400 INVALID_FORMAT', async () => {
    expectEnvelope(await form([{ name: 'title', value: 'x' }, { name: 'file', data: Buffer.from('abc') }]), 400, 'INVALID_FORMAT');
  });

  it.each([
    ['no boundary', 'x', 'multipart/form-data'],
    ['a body that is not multipart', 'hello world', 'multipart/form-data; boundary=abc'],
    ['a body cut off inside a part', '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc', 'multipart/form-data; boundary=abc'],
  ])('%s is 400 INVALID_FORMAT, not a 500', async (_what, payload, type) => {
    expectEnvelope(await upload(payload, type), 400, 'INVALID_FORMAT');
  });

  it.each([
    ['POST', '/api/account/import'],
    ['POST', '/api/workspace'],
    ['PATCH', '/api/auth/profile/image'],
  ] as const)('an unreadable form to %s %s is 400 INVALID_FORMAT, not a 500', async (method, url) => {
    for (const [type, payload] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=abc', 'hello world'],
    ]) {
      expectEnvelope(await t.app.inject({ method, url, headers: { ...user.headers, 'content-type': type! }, payload }), 400, 'INVALID_FORMAT');
    }
  });

  it('the profile picture without its image is 400 NO_IMAGE', async () => {
    const f = multipartForm([]);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile/image', headers: { ...user.headers, ...f.headers }, payload: f.payload });
    expectEnvelope(res, 400, 'NO_IMAGE');
  });
});
