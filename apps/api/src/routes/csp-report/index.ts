import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps, ZApp } from '../../deps.ts';
import { endpoint } from '../../lib/endpoint.ts';

/** Largest report body accepted, bytes: a report is well under 2 KB; a browser may batch a few. */
export const CSP_REPORT_LIMIT_BYTES = 64 * 1024;
/** Reports logged per IP per minute: a page looping on a violation cannot flood the log. */
const REPORTS_PER_MINUTE = 60;

/**
 * POST /api/csp-report (issue #11 item 5): browsers report Content-Security-Policy
 * violations here, by `report-uri` (`application/csp-report`) or the Reporting API
 * (`application/reports+json`, `report-to`). Each violation is logged (warn, fields cut to
 * 300 characters) and the answer is 204. A body that is not a report is 400, one over
 * 64 KB 413, more than 60 a minute from one address 429 — never a 500; the page that sent
 * it is not affected either way. No session, no anti-forgery check (browsers send reports
 * without the page's headers), nothing stored.
 */
export async function cspReportRoutes(app: ZApp, _deps: Deps) {
  await app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser(['application/csp-report', 'application/reports+json'], { parseAs: 'string' }, parseJson);
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...endpoint('POST /csp-report', { summary: 'Report a Content-Security-Policy violation', tags: ['csp-report'], hide: true }),
      bodyLimit: CSP_REPORT_LIMIT_BYTES,
      config: { csrf: false, rateLimit: { max: REPORTS_PER_MINUTE, timeWindow: 60_000 } },
      handler: async (req, reply) => {
        const violations = Array.isArray(req.body)
          ? req.body
              .filter((r) => r.type === 'csp-violation' && r.body)
              .map((r) => ({
                document: r.body!.documentURL ?? r.url,
                blocked: r.body!.blockedURL,
                directive: r.body!.effectiveDirective,
                source: r.body!.sourceFile,
                line: r.body!.lineNumber,
                disposition: r.body!.disposition,
              }))
          : [
              {
                document: req.body['csp-report']['document-uri'],
                blocked: req.body['csp-report']['blocked-uri'],
                directive: req.body['csp-report']['effective-directive'] ?? req.body['csp-report']['violated-directive'],
                source: req.body['csp-report']['source-file'],
                line: req.body['csp-report']['line-number'],
                disposition: req.body['csp-report'].disposition,
              },
            ];
        for (const violation of violations) req.log.warn({ csp: violation }, 'content security policy violation');
        return reply.status(204).send();
      },
    });
  });
}
