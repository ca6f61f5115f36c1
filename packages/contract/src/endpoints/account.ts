import { z } from 'zod';
import { zAppConfig, zImportJob, zImportPreview, zImportPreviewQuery, zImportSkip, zImportStart } from '../account.ts';
import { ok, page, zId, zPageQuery } from '../common.ts';
import type { EndpointTable } from '../endpoints.ts';

const zImportParams = z.object({ id: zId });

/**
 * Issue #8: the account routes' part of the endpoint table (../endpoints.ts) — export and
 * import of one's data, the import report, and the app's configured links. (The profile and
 * withdrawal, under /auth, are in ./auth.ts.)
 */
export const accountEndpoints = {
  'GET /account/export': { operationId: 'exportAccount', produces: ['application/zip'] },
  'POST /account/import': { operationId: 'importFile', form: true, answer: ok(zImportJob) },
  'GET /account/import': { operationId: 'listImports', answer: ok(z.array(zImportJob)) },
  'GET /account/import/:id': { operationId: 'getImport', params: zImportParams, answer: ok(zImportJob) },
  'GET /account/import/:id/preview': {
    operationId: 'previewImport',
    params: zImportParams,
    query: zImportPreviewQuery,
    answer: ok(zImportPreview),
  },
  'POST /account/import/:id/start': { operationId: 'startImport', params: zImportParams, body: zImportStart, answer: ok(zImportJob) },
  'POST /account/import/:id/cancel': { operationId: 'cancelImport', params: zImportParams, answer: ok(zImportJob) },
  'GET /account/import/:id/report.csv': {
    operationId: 'importReport',
    params: zImportParams,
    query: z.object({ lang: z.enum(['en', 'ko']).default('en') }),
    produces: ['text/csv'],
  },
  'GET /account/import/:id/skipped': {
    operationId: 'listImportSkips',
    params: zImportParams,
    query: zPageQuery.extend({ pageSize: z.coerce.number().int().min(1).max(500).default(100) }),
    answer: ok(page(zImportSkip)),
  },
  'GET /app/config': { operationId: 'getAppConfig', answer: ok(zAppConfig) },
} as const satisfies EndpointTable;
