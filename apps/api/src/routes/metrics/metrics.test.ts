import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser } from '../../test/factories.ts';

/** Issue #9 item 11: /metrics in Prometheus's format, only with METRICS_TOKEN. */

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });

  it('needs the token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-some-length' } })).statusCode).toBe(401);
  });

  it('counts requests by route pattern and shows the pool, the image line and the jobs', async () => {
    const u = await buildUser(t);
    for (let i = 0; i < 3; i++) await t.app.inject({ url: `/api/archive/folder/${u.workspaceId}/list`, headers: u.headers });
    await t.app.inject({ url: '/api/archive/folder/999999/list', headers: u.headers });
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toContain('sauce_http_requests_total{method="GET",route="/api/archive/folder/:workspace/list",status="2xx"} 3');
    expect(text).toContain('sauce_http_requests_total{method="GET",route="/api/archive/folder/:workspace/list",status="4xx"} 1');
    expect(text).toMatch(/sauce_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/archive\/folder\/:workspace\/list",status="2xx"\}/);
    expect(text).toMatch(/sauce_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/sauce_image_line_size \d+/);
    expect(text).toMatch(/sauce_page_line_size \d+/);
    expect(text).toContain('sauce_jobs_waiting');
    expect(text).toContain('sauce_process_resident_memory_bytes');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is off', async () => {
    const t = await buildTestApp();
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});
