import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-app.ts';

/**
 * Issue #11 item 6: the OpenAPI document the app serves at /api/docs/json passes Redocly's
 * recommended lint (apps/api/redocly.yaml), and a typed client's types generated from it by
 * openapi-typescript compile. Issue #19 item 6: the web app calls the API one way, through
 * lib/api.ts with the contract's types, so no generated client is kept in the repository
 * (packages/api-client went, it served nothing); the document is for other clients, and this
 * test keeps it one that a generator can trust.
 */

const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const CONFIG = path.resolve(import.meta.dirname, '../redocly.yaml');

/**
 * A few uses of the generated types that must keep compiling: a path's answer, a body, an
 * operation by its id, the error envelope (what a client written against the document needs).
 */
const USAGE = `import type { components, operations, paths } from './schema.ts';
type Json<R> = R extends { content: { 'application/json': infer J } } ? J : never;
export const devLogin: boolean | undefined = null! as Json<paths['/api/auth/config']['get']['responses'][200]>['data']['devLogin'];
export const folder: paths['/api/archive/folder/{workspace}']['post']['requestBody'] = { content: { 'application/json': { name: 'References' } } };
export const spaces: Json<operations['listWorkspaces']['responses'][200]>['data'][number]['permission'] = 'OWNER';
export const error: components['schemas']['Error']['error']['code'] = 'NOT_FOUND';
`;

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

let t: TestApp;
let document: object;
beforeAll(async () => {
  t = await buildTestApp();
  document = t.app.swagger();
});

describe('the OpenAPI document (issue #11 item 6)', () => {
  it("passes Redocly's recommended lint: no error, no warning", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sauce-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    // The CLI exits 1 when it finds errors; its JSON report is on stdout either way.
    const stdout = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, `--config=${CONFIG}`, '--format=json', '--max-problems=10000'], {
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      (r) => r.stdout,
      (e: { stdout?: string }) => e.stdout ?? '',
    );
    const problems = (JSON.parse(stdout) as { problems: Problem[] }).problems;
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([]);
  });

  it('describes every API route with an operationId, security and the error envelope', () => {
    const doc = document as { paths: Record<string, Record<string, { operationId?: string; security?: unknown; responses: Record<string, unknown> }>> };
    const ops = Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([m, op]) => ({ at: `${m} ${p}`, op })));
    // Every route the app registered, but those hidden on purpose (files, the web app, CSP reports, 404s).
    expect(ops.length).toBeGreaterThan(80);
    for (const { at, op } of ops) {
      expect(op.security, at).toBeDefined();
      expect(op.responses['4XX'], at).toEqual(expect.objectContaining({ content: expect.anything() }));
    }
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
  });

  it('says that GET /api/auth/session answers a personal access token too (issue #28)', () => {
    const doc = document as any;
    expect(doc.paths['/api/auth/session'].get.security).toEqual(expect.arrayContaining([{}, { personalToken: [] }, { bearer: [] }, { cookie: [] }]));
  });

  it('describes the upload form, whose `file` is binary and required', () => {
    const doc = document as any;
    const body = doc.paths['/api/archive/sauce/{workspace}/image/upload/single'].post.requestBody.content['multipart/form-data'].schema;
    expect(body).toMatchObject({ required: ['file'], properties: { file: { type: 'string', format: 'binary' } } });
  });

  it('generates client types that compile (openapi-typescript, strict TypeScript)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sauce-openapi-client-'));
    writeFileSync(path.join(dir, 'schema.ts'), astToString(await openapiTS(document as never)));
    writeFileSync(path.join(dir, 'usage.ts'), USAGE);
    const program = ts.createProgram([path.join(dir, 'usage.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      allowImportingTsExtensions: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });
});
