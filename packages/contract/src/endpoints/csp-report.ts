import { z } from 'zod';
import type { EndpointTable } from '../endpoints.ts';

/** Longest value kept of any report field, characters. */
const FIELD_CHARS = 300;

const field = z
  .unknown()
  .transform((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, FIELD_CHARS) : undefined))
  .optional();
/** `report-uri`'s body (`application/csp-report`), CSP Level 2. */
const zLegacyReport = z.object({
  'csp-report': z.object({
    'document-uri': field,
    'blocked-uri': field,
    'effective-directive': field,
    'violated-directive': field,
    'source-file': field,
    'line-number': field,
    disposition: field,
  }),
});
/** The Reporting API's body (`application/reports+json`): a batch of reports of any type. */
const zReportBatch = z
  .array(
    z.object({
      type: z.string().max(64),
      url: field,
      body: z
        .object({
          documentURL: field,
          blockedURL: field,
          effectiveDirective: field,
          sourceFile: field,
          lineNumber: field,
          disposition: field,
        })
        .optional(),
    }),
  )
  .max(100);

/**
 * Issue #11 item 5: the report route of Content-Security-Policy violations, part of the
 * endpoint table (../endpoints.ts). Browsers post here (no page calls it); it answers 204,
 * no JSON, and is left out of the OpenAPI document.
 */
export const cspReportEndpoints = {
  'POST /csp-report': { operationId: 'reportCspViolation', body: z.union([zLegacyReport, zReportBatch]) },
} as const satisfies EndpointTable;
