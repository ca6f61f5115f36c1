import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { IMPORT_FORMATS, zImportForm } from '@sauce/contract/account';
import { LIMITS } from '@sauce/contract/limits';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireUser } from '../../auth/session.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { AppError, InvalidFormatError } from '../../errors.ts';
import { importDepsOf, importUploadDir } from '../../jobs/imports.ts';
import { endpoint } from '../../lib/endpoint.ts';
import type { Ticket } from '../../lib/fair-queue.ts';
import { multipartError, writePart } from '../../lib/multipart.ts';
import { authorizeWorkspace, type Membership } from '../../policies/workspace.ts';
import { presentPage } from '../../presenters/page.ts';
import * as account from '../../services/account.ts';
import { exportArchive } from '../../services/export.ts';
import { beginImport, previewImport } from '../../services/import/plan.ts';
import { startImport } from '../../services/import/run.ts';
import { cancelImport, getImport, listImports, listSkips, reportRows } from '../../services/import/store.ts';
import { admitImport } from '../../services/import/reader.ts';
import { reportCsv } from '../../services/import/report.ts';
import { multipartForm, PUBLIC } from '../../lib/openapi.ts';

const tags = ['account'];
/** Exports one process streams at once; more wait (429). */
export const MAX_EXPORTS = 4;
/** Exports and imports: 10 a minute per person (per address when signed out). */
const perPerson = {
  rateLimit: { max: 10, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => (req.userId ? `user:${req.userId}` : `ip:${req.ip}`) },
};

/** The text fields POST /account/import takes (zImportForm), before its file. */
const IMPORT_FIELDS = ['workspace', 'folder', 'format', 'preview', 'recreateFolders'];

/**
 * The multipart form of POST /account/import: `workspace`, optional `folder`, `format`,
 * `preview` and `recreateFolders`, then `file` (at most LIMITS.importBytes). The space is authorized and the import admitted
 * to the line of imports (issue #18) as soon as the file part begins — before its bytes are
 * read — so a stranger, a viewer or an import that cannot be taken uploads nothing; the
 * file is streamed to `tmpDir`. The caller releases the ticket and deletes the file.
 * @throws INVALID_FORMAT (400) for a body that is not such a form (or names the space after
 *   the file); PAYLOAD_TOO_LARGE (413, `details.limitBytes`); NOT_FOUND (404) / 403 for the
 *   space; SERVICE_UNAVAILABLE (503) / IMPORT_IN_PROGRESS (409) from admitImport.
 */
async function readImportForm(req: FastifyRequest, deps: Deps, userId: number, tmpDir: string) {
  if (!req.isMultipart()) throw InvalidFormatError('Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: { name: string; path: string } | undefined;
  let m: Membership | undefined;
  let form: z.infer<typeof zImportForm> | undefined;
  let ticket: Ticket | undefined;
  const limits = { fileSize: LIMITS.importBytes, files: 1, fields: IMPORT_FIELDS.length, parts: IMPORT_FIELDS.length + 1, fieldSize: 64 };
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'file') {
        const parsed = zImportForm.safeParse(fields);
        if (part.fieldname !== 'file' || !parsed.success) {
          part.file.resume();
          throw InvalidFormatError(parsed.success ? `Unknown file field '${part.fieldname}'.` : 'Send workspace (and folder) before the file.');
        }
        form = parsed.data;
        try {
          m = await authorizeWorkspace(deps.db, userId, form.workspace, 'createSauce');
          ticket = admitImport(userId);
        } catch (e) {
          part.file.resume();
          throw e;
        }
        file = { name: part.filename ?? 'import', path: (await writePart(part, tmpDir, LIMITS.importBytes)).path };
      } else {
        if (!IMPORT_FIELDS.includes(part.fieldname) || part.fieldname in fields || typeof part.value !== 'string') {
          throw InvalidFormatError(`Unexpected field '${part.fieldname}'.`);
        }
        fields[part.fieldname] = part.value;
      }
    }
    if (!file || !m || !form || !ticket) throw InvalidFormatError([{ path: '/file', message: 'Required' }]);
    return { m, form, file, ticket };
  } catch (e) {
    ticket?.release();
    if (file) await rm(file.path, { force: true });
    throw multipartError(e, LIMITS.importBytes, 'Too many form fields.');
  }
}

/**
 * Account routes (issue #8): export and import of one's data, and the app's configured
 * links. (The profile, its image and figures, withdrawal and the session probe are under
 * /auth: routes/auth/profile.ts.) The import queue's worker starts with the others
 * (jobs/index.ts).
 */
export const accountRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const { db, files } = deps;
  const accountDeps = { db, files, log: app.log };
  const importDeps = importDepsOf(deps, app.log);
  const importTmpDir = importUploadDir(deps.config.dataDir);
  const exporting = new Set<number>();

  /**
   * GET /account/export: everything the person can read as a ZIP, streamed (services/export.ts).
   * `x-export-estimated-bytes` gives the web app a size to show progress against. One export
   * per person and MAX_EXPORTS per process at a time (429 otherwise).
   */
  app.route({
    ...endpoint('GET /account/export', { summary: 'Download everything one can read (ZIP)', tags }),
    config: perPerson,
    handler: async (req, reply) => {
      const userId = requireUser(req);
      await account.getUserRow(db, userId);
      if (exporting.has(userId)) throw new AppError(429, 'RATE_LIMITED', 'An export is already running. Wait for it to finish.');
      if (exporting.size >= MAX_EXPORTS) throw new AppError(429, 'RATE_LIMITED', 'Too many exports are running. Please try again in a minute.');
      exporting.add(userId);
      let done = false;
      try {
        const exp = await exportArchive({ ...accountDeps, log: req.log }, userId);
        exp.stream.once('end', () => (done = true));
        reply.raw.once('close', () => {
          exporting.delete(userId);
          if (!done) exp.abort();
        });
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="sauce-export-${day}.zip"`)
          .header('cache-control', 'no-store')
          .header('x-export-estimated-bytes', String(exp.estimatedBytes))
          .header('access-control-expose-headers', 'x-export-estimated-bytes')
          .send(exp.stream);
      } catch (e) {
        exporting.delete(userId);
        throw e;
      }
    },
  });

  app.route({
    ...endpoint('POST /account/import', { summary: 'Import bookmarks or a Sauce export, or read it for a preview (multipart)', tags }),
    config: {
      ...perPerson,
      form: multipartForm(
        {
          workspace: { description: 'The id of the space to import into (sent before the file).' },
          folder: { description: 'The id of a folder of that space for every entry (optional; then no folder is recreated).' },
          format: { description: `What the file is (optional; its content decides): ${IMPORT_FORMATS.join(', ')}.` },
          preview: { description: "'true': read the file and wait for POST /account/import/{id}/start (nothing written); otherwise import at once." },
          recreateFolders: { description: "'false': leave the file's folders out (default: recreated as the space's folders)." },
          file: { file: true, description: `An export of one of: ${IMPORT_FORMATS.join(', ')} — at most 50 MB.` },
        },
        ['workspace', 'file'],
      ),
    },
    handler: async (req) => {
      const userId = requireUser(req);
      const { m, form, file, ticket } = await readImportForm(req, deps, userId, importTmpDir);
      try {
        const job = await startImport(importDeps, m, {
          folderId: form.folder,
          claimed: form.format,
          fileName: file.name,
          path: file.path,
          ticket,
          preview: form.preview === 'true',
          recreateFolders: form.recreateFolders !== 'false',
        });
        return { success: true as const, data: job };
      } finally {
        ticket.release();
        await rm(file.path, { force: true });
      }
    },
  });

  app.route({
    ...endpoint('GET /account/import', { summary: "The person's imports", tags }),
    handler: async (req) => ({
      success: true as const,
      data: await listImports(db, requireUser(req)),
    }),
  });

  app.route({
    ...endpoint('GET /account/import/:id', { summary: "An import's progress", tags }),
    handler: async (req) => ({ success: true as const, data: await getImport(db, requireUser(req), req.params.id) }),
  });

  app.route({
    ...endpoint('GET /account/import/:id/preview', { summary: 'What importing a previewed file into a space would do (nothing written)', tags }),
    handler: async (req) => ({ success: true as const, data: await previewImport(importDeps, requireUser(req), req.params.id, req.query) }),
  });

  app.route({
    ...endpoint('POST /account/import/:id/start', { summary: 'Import a previewed file into a space (its folders recreated, or one folder)', tags }),
    config: perPerson,
    handler: async (req) => ({ success: true as const, data: await beginImport(importDeps, requireUser(req), req.params.id, req.body) }),
  });

  app.route({
    ...endpoint('POST /account/import/:id/cancel', { summary: 'Stop an import (what it wrote stays)', tags }),
    handler: async (req) => ({ success: true as const, data: await cancelImport(importDeps, requireUser(req), req.params.id) }),
  });

  /**
   * GET /account/import/{id}/report.csv (issue #22 item 2): every entry not imported, or
   * imported with a change, and why — as CSV in the person's language, streamed.
   */
  app.route({
    ...endpoint('GET /account/import/:id/report.csv', { summary: 'The import report: what was not imported or changed, and why (CSV)', tags }),
    handler: async (req, reply) => {
      const userId = requireUser(req);
      const job = await getImport(db, userId, req.params.id);
      const name = `sauce-import-${job.id}-report.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(reportCsv(reportRows(db, userId, job.id), req.query.lang)));
    },
  });

  app.route({
    ...endpoint('GET /account/import/:id/skipped', { summary: 'Entries an import did not bring in, and why', tags }),
    handler: async (req) => {
      return { success: true as const, data: presentPage(req.query, await listSkips(db, requireUser(req), req.params.id, req.query)) };
    },
  });

  /** GET /app/config: the plan and the shell's external links (the project's pages unless configured; null: turned off, hidden). Public. */
  app.route({
    ...endpoint('GET /app/config', { summary: "The web app's links and settings", security: PUBLIC, tags }),
    handler: async () => ({
      success: true as const,
      data: { plan: deps.config.plan, links: deps.config.links },
    }),
  });
};
