import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from './test/build-app.ts';
import { buildUser, type TestUser, uploadImage } from './test/factories.ts';
import { photo } from './test/image-fixtures.ts';
import { fakeWebDist } from './test/web-dist.ts';

/**
 * Issue #11 item 5: the security headers, through the HTTP API, on every kind of response
 * — a page, a static asset, API JSON, 404s, an uploaded image, a malformed URL — and the
 * Content-Security-Policy report endpoint with good and bad reports.
 */

/** The CSP as directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(header, 'content-security-policy').toBeTypeOf('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Headers every response carries, whatever it is: page, file or API JSON. */
function expectCommonHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
}

/** Headers that only mean something on a page (and every response that is not API JSON carries). */
function expectPageHeaders(res: LightMyRequestResponse, what: string) {
  expectCommonHeaders(res, what);
  expect(String(res.headers['permissions-policy']), what).toMatch(/(^|, )camera=\(\)/);
  expect(String(res.headers['permissions-policy']), what).toMatch(/(^|, )microphone=\(\)/);
  expect(String(res.headers['permissions-policy']), what).toMatch(/(^|, )geolocation=\(\)/);
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin-allow-popups');
}

/** API JSON's headers (issue #9 item 12): a policy under which nothing loads or frames it, and none of the page-only headers. */
function expectJsonHeaders(res: LightMyRequestResponse, what: string) {
  expectCommonHeaders(res, what);
  expect(res.headers['content-security-policy'], what).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
  for (const pageOnly of [
    'permissions-policy',
    'reporting-endpoints',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ]) {
    expect(res.headers[pageOnly], `${what}: ${pageOnly}`).toBeUndefined();
  }
}

const setsCsrfCookie = (res: LightMyRequestResponse) =>
  [res.headers['set-cookie'] ?? []].flat().some((c) => String(c).startsWith('csrf_token='));

let t: TestApp;
let user: TestUser;
let imageUrl: string;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: fakeWebDist() });
  user = await buildUser(t);
  imageUrl = (await uploadImage(t, user, await sharp(photo('autumn-2560x1600.jpg')).resize(320).jpeg().toBuffer())).thumbnailUrl;
});

describe('security headers (issue #11 item 5)', () => {
  const pages = {
    'an HTML page': () => t.app.inject({ url: '/dashboard' }),
    'a script opened as a document': () => t.app.inject({ url: '/assets/app.js', headers: { 'sec-fetch-dest': 'document' } }),
    'an icon': () => t.app.inject({ url: '/favicon.svg' }),
    'an uploaded image': () => t.app.inject({ url: imageUrl }),
    'a missing file': () => t.app.inject({ url: '/files/images/nope.webp?exp=1&sig=x' }),
    'the API browser': () => t.app.inject({ url: '/api/docs' }),
    'an API answer that is a file (ZIP)': () => t.app.inject({ url: '/api/account/export', headers: user.headers }),
  };
  const json = {
    'API JSON': () => t.app.inject({ url: '/api/auth/config' }),
    'an API 404': () => t.app.inject({ url: '/api/no-such-thing' }),
    'an API 404 of another method': () => t.app.inject({ method: 'DELETE', url: '/api/no-such-thing' }),
    'an API error': () => t.app.inject({ url: '/api/workspace' }),
    'a malformed URL': () => t.app.inject({ url: '/api/%ff' }),
    'the source list': () => t.app.inject({ url: `/api/archive/sauce/${user.workspaceId}/list`, headers: user.headers }),
    'a 304 of the source list': async () => {
      const url = `/api/archive/sauce/${user.workspaceId}/list`;
      const first = await t.app.inject({ url, headers: user.headers });
      const res = await t.app.inject({ url, headers: { ...user.headers, 'if-none-match': String(first.headers.etag) } });
      expect(res.statusCode).toBe(304);
      return res;
    },
  };

  it.each(Object.keys(pages))('are the page headers on %s', async (what) => {
    const res = await pages[what as keyof typeof pages]();
    expect(res.statusCode, what).toBeLessThan(500);
    expectPageHeaders(res, what);
    // Plain http here: no HSTS, which would pin browsers to an https the server may not have.
    expect(res.headers['strict-transport-security'], what).toBeUndefined();
    expect(csp(res).get('frame-ancestors') ?? csp(res).get('sandbox'), what).toBeDefined();
  });

  it('are only what a file needs on the build’s scripts and styles (issue #31: no document headers on each of them)', async () => {
    for (const headers of [{}, { 'sec-fetch-dest': 'script' }]) {
      const res = await t.app.inject({ url: '/assets/app.js', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      for (const pageOnly of ['content-security-policy', 'permissions-policy', 'reporting-endpoints', 'cross-origin-opener-policy', 'x-frame-options', 'origin-agent-cluster', 'x-xss-protection']) {
        expect(res.headers[pageOnly], pageOnly).toBeUndefined();
      }
      const bytes = Object.entries(res.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
      expect(bytes).toBeLessThan(600);
    }
  });

  it.each(Object.keys(json))('are the short JSON headers on %s', async (what) => {
    const res = await json[what as keyof typeof json]();
    expect(res.statusCode, what).toBeLessThan(500);
    if (res.statusCode !== 304) expect(res.headers['content-type'], what).toMatch(/^application\/json/);
    expectJsonHeaders(res, what);
    expect(res.headers['strict-transport-security'], what).toBeUndefined();
  });

  it('keep the full page policy on every HTML answer, under /api too', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/dashboard', '/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const policy = csp(res);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(res.headers['reporting-endpoints'], url).toBe('csp="/api/csp-report"');
      expectPageHeaders(res, url);
    }
  });

  it('allow only the app’s own scripts on pages, and say where violations go', async () => {
    const res = await t.app.inject({ url: '/archive' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const policy = csp(res);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('report-uri')).toEqual(['/api/csp-report']);
    expect(policy.get('report-to')).toEqual(['csp']);
    expect(res.headers['reporting-endpoints']).toBe('csp="/api/csp-report"');
    // Upgrading requests on plain http would send the page's own requests to an https port.
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    // No Google origin while Google sign-in is off.
    expect(String(res.headers['content-security-policy'])).not.toContain('google');
  });

  it('keep the stricter sandbox policy on uploaded files, which other origins may embed', async () => {
    const res = await t.app.inject({ url: imageUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The app's own resources stay same-origin.
    expect((await t.app.inject({ url: '/assets/app.js' })).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('let Google’s sign-in popup answer the page', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('hand out the anti-forgery cookie with pages and API answers, never with static files', async () => {
    expect(setsCsrfCookie(await t.app.inject({ url: '/dashboard' })), 'page').toBe(true);
    expect(setsCsrfCookie(await t.app.inject({ url: '/api/auth/config' })), 'API JSON').toBe(true);
    expect(setsCsrfCookie(await t.app.inject({ url: '/api/no-such-thing' })), 'API 404').toBe(true);
    expect(setsCsrfCookie(await t.app.inject({ url: '/assets/app.js' })), 'script').toBe(false);
    expect(setsCsrfCookie(await t.app.inject({ url: '/favicon.svg' })), 'icon').toBe(false);
    expect(setsCsrfCookie(await t.app.inject({ url: imageUrl })), 'uploaded image').toBe(false);
    // A browser that has one keeps it; a bearer client never gets one.
    expect(setsCsrfCookie(await t.app.inject({ url: '/dashboard', cookies: { csrf_token: 'x' } })), 'has one').toBe(false);
    expect(setsCsrfCookie(await t.app.inject({ url: '/api/auth/config', headers: user.headers })), 'bearer').toBe(false);
  });
});

describe('security headers over https with Google sign-in and a CDN (issue #11 item 5)', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await buildTestApp({
      WEB_DIST: fakeWebDist(),
      PUBLIC_URL: 'https://sauce.example',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      APPLE_CLIENT_ID: 'example.sauce.web',
      CSP_EXTRA_ORIGINS: 'https://cdn.example/assets, https://img.example',
    });
  });

  it('pin browsers to https with HSTS, on pages, API answers and the build’s files alike', async () => {
    for (const url of ['/dashboard', '/api/auth/config', '/assets/app.js', '/api/%ff']) {
      const res = await https.app.inject({ url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      if (url.startsWith('/api/')) expectJsonHeaders(res, url);
      else if (url.startsWith('/assets/')) expect(res.headers['content-security-policy'], url).toBeUndefined();
      else expectPageHeaders(res, url);
    }
  });

  it('allow Google Identity Services and the extra origins, still no inline script', async () => {
    const policy = csp(await https.app.inject({ url: '/' }));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client', 'https://cdn.example', 'https://img.example']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/', 'https://cdn.example', 'https://img.example']);
    expect(policy.get('style-src')).toContain('https://accounts.google.com/gsi/style');
    expect(policy.get('img-src')).not.toContain('http:');
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    // Apple sign-in is a full-page redirect: nothing of Apple's runs in the page.
    expect([...policy.values()].flat().filter((s) => s.includes('apple'))).toEqual([]);
  });

  it('refuses a CSP_EXTRA_ORIGINS entry that is not an http(s) origin', async () => {
    const { loadConfig } = await import('./config.ts');
    expect(() => loadConfig({ CSP_EXTRA_ORIGINS: "'unsafe-inline'" })).toThrow(/CSP_EXTRA_ORIGINS/);
    expect(() => loadConfig({ CSP_EXTRA_ORIGINS: 'javascript:alert(1)' })).toThrow(/CSP_EXTRA_ORIGINS/);
  });
});

describe('POST /api/csp-report (issue #11, bad input)', () => {
  const report = (payload: string | object, contentType: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': contentType, ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('takes a report-uri report and a Reporting API batch with 204', async () => {
    const legacy = {
      'csp-report': {
        'document-uri': 'http://localhost:3000/dashboard',
        'blocked-uri': 'inline',
        'effective-directive': 'script-src-elem',
        'line-number': 12,
        disposition: 'enforce',
      },
    };
    const res = await report(legacy, 'application/csp-report');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const batch = [
      {
        type: 'csp-violation',
        age: 3,
        url: 'http://localhost:3000/',
        user_agent: 'Chromium',
        body: { documentURL: 'http://localhost:3000/', blockedURL: 'https://evil.example/x.js', effectiveDirective: 'script-src-elem', disposition: 'enforce' },
      },
      { type: 'deprecation', url: 'http://localhost:3000/', body: { id: 'x' } },
    ];
    expect((await report(batch, 'application/reports+json')).statusCode).toBe(204);
  });

  it('needs no anti-forgery header from a signed-in browser', async () => {
    const res = await report({ 'csp-report': {} }, 'application/csp-report', { cookie: 'access_token=x; csrf_token=y' });
    expect(res.statusCode).toBe(204);
  });

  it.each([
    ['broken JSON', '{"csp-report":', 'application/csp-report'],
    ['a JSON string', '"hello"', 'application/csp-report'],
    ['an object that is no report', '{"a":1}', 'application/csp-report'],
    ['a batch of numbers', '[1,2]', 'application/reports+json'],
    ['plain text', 'hello', 'text/plain'],
    ['nothing', '', 'application/csp-report'],
    ['a prototype-poisoning body', '{"__proto__":{"x":1},"csp-report":{}}', 'application/csp-report'],
  ])('answers %s with a 4xx in the envelope, never a 500', async (_what, payload, type) => {
    const res = await report(payload, type);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(body(res)).toMatchObject({ success: false, error: { code: expect.any(String) } });
  });

  it('takes at most 60 reports a minute from one address (429 after)', async () => {
    // An app of its own, so that the other tests' reports do not count.
    const app = await buildTestApp({ WEB_DIST: fakeWebDist() });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/csp-report',
        headers: { 'content-type': 'application/csp-report' },
        payload: JSON.stringify({ 'csp-report': { 'blocked-uri': 'inline' } }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('refuses a body over 64 KB with 413', async () => {
    const res = await report({ 'csp-report': { 'blocked-uri': 'x'.repeat(70_000) } }, 'application/csp-report');
    expect(res.statusCode).toBe(413);
    expect(body(res).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
