import {
  IMPORT_FORMATS,
  zAppConfig,
  zImportForm,
  zImportJob,
  zImportSkip,
  zProfileCount,
  zUpdateProfile,
  zWithdrawal,
  zWithdrawalPreview,
} from '@sauce/contract/account';
import { zUser } from '@sauce/contract/auth';
import { ok, page, zId, zPageQuery } from '@sauce/contract/common';
import { LIMITS } from '@sauce/contract/limits';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isAdminEmail } from '../../auth/admin.ts';
import { clearSessionCookies, requireUser } from '../../auth/session.ts';
import type { Deps, RouteGroup, ZApp } from '../../deps.ts';
import { AppError, InvalidFormatError, NoImageError } from '../../errors.ts';
import { multipartError, readForm } from '../../lib/multipart.ts';
import { authorizeWorkspace, type Membership } from '../../policies/workspace.ts';
import { presentUser } from '../../presenters/user.ts';
import * as account from '../../services/account.ts';
import { exportArchive } from '../../services/export.ts';
import { getImport, IMPORT_QUEUE, listImports, listSkips, runImport, startImport } from '../../services/import/index.ts';
import { multipartForm, PUBLIC, SIGN_IN_OPTIONAL } from '../../lib/openapi.ts';

const tags = ['account'];
/** Exports one process streams at once; more wait (429). */
export const MAX_EXPORTS = 4;
/** Exports and imports: 10 a minute per person (per address when signed out). */
const perPerson = {
  rateLimit: { max: 10, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => (req.userId ? `user:${req.userId}` : `ip:${req.ip}`) },
};

/**
 * The multipart form of POST /account/import: `workspace`, optional `folder` and `format`,
 * then `file` (at most LIMITS.importBytes). The space is authorized as soon as the file
 * part begins — before its bytes are read — so a stranger or a viewer uploads nothing.
 * @throws INVALID_FORMAT (400) for a body that is not such a form (or names the space after
 *   the file); PAYLOAD_TOO_LARGE (413, `details.limitBytes`); NOT_FOUND (404) / 403 for the space.
 */
async function readImportForm(req: FastifyRequest, deps: Deps, userId: number) {
  if (!req.isMultipart()) throw InvalidFormatError('Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | undefined;
  let m: Membership | undefined;
  let form: z.infer<typeof zImportForm> | undefined;
  const limits = { fileSize: LIMITS.importBytes, files: 1, fields: 3, parts: 4, fieldSize: 64 };
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
        } catch (e) {
          part.file.resume();
          throw e;
        }
        file = { name: part.filename ?? 'import', data: await part.toBuffer() };
      } else {
        if (!['workspace', 'folder', 'format'].includes(part.fieldname) || part.fieldname in fields || typeof part.value !== 'string') {
          throw InvalidFormatError(`Unexpected field '${part.fieldname}'.`);
        }
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    throw multipartError(e, LIMITS.importBytes, 'Too many form fields.');
  }
  if (!file || !m || !form) throw InvalidFormatError([{ path: '/file', message: 'Required' }]);
  return { m, form, file };
}

/**
 * Account routes (issue #8; SPEC §7 Auth): profile, profile image and figures, withdrawal,
 * the signed-out-friendly session probe, export and import of one's data, and the app's
 * configured links. The import queue's worker is started here.
 */
export const accountRoutes: RouteGroup = async (app: ZApp, deps: Deps) => {
  const { db, files } = deps;
  const accountDeps = { db, files, log: app.log };
  const importDeps = { db, files, jobs: deps.jobs, log: app.log };
  const exporting = new Set<number>();
  const me = async (userId: number) => {
    const row = await account.getUserRow(db, userId);
    return presentUser(row, isAdminEmail(deps.config, row.email), deps.urls);
  };

  await deps.jobs.work(IMPORT_QUEUE, ({ jobId }) => runImport(importDeps, jobId));

  /**
   * GET /auth/session: the signed-in person, or null — 200 either way, so a signed-out page
   * probing for a session logs no failed request. An expired token is still a 401
   * TOKEN_EXPIRED (the web app refreshes and asks again); a token of a deleted account or a
   * forged one clears the session cookies.
   */
  app.get(
    '/auth/session',
    {
      schema: {
        operationId: 'getSession',
        summary: 'The signed-in person, or null when signed out',
        security: SIGN_IN_OPTIONAL,
        tags,
        response: { 200: ok(z.object({ user: zUser.nullable() })) },
      },
    },
    async (req, reply) => {
      if (req.userId === null) {
        if (req.authError && (req.authError as AppError).code === 'TOKEN_EXPIRED') throw req.authError;
        if (req.authError) clearSessionCookies(reply);
        return { success: true as const, data: { user: null } };
      }
      try {
        return { success: true as const, data: { user: await me(req.userId) } };
      } catch (e) {
        if (!(e instanceof AppError && e.status === 401)) throw e;
        clearSessionCookies(reply);
        return { success: true as const, data: { user: null } };
      }
    },
  );

  app.patch(
    '/auth/profile',
    {
      schema: {
        operationId: 'updateProfile',
        summary: 'Change nickname, job, marketing consent or tutorial state',
        tags,
        body: zUpdateProfile,
        response: { 200: ok(zUser) },
      },
    },
    async (req) => {
      const row = await account.updateProfile(db, requireUser(req), req.body);
      return { success: true as const, data: presentUser(row, isAdminEmail(deps.config, row.email), deps.urls) };
    },
  );

  app.patch(
    '/auth/profile/image',
    {
      config: {
        form: multipartForm({ image: { file: true, description: 'The picture: JPEG, PNG, WebP, GIF or AVIF, at most 5,242,880 bytes.' } }, ['image']),
      },
      schema: {
        operationId: 'setProfileImage',
        summary: 'Change the profile picture (multipart image)',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: ok(zUser) },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const { file } = await readForm(req, { fields: [], file: 'image', maxBytes: LIMITS.avatarBytes });
      if (!file) throw NoImageError();
      const row = await account.setProfileImage(accountDeps, userId, file);
      return { success: true as const, data: presentUser(row, isAdminEmail(deps.config, row.email), deps.urls) };
    },
  );

  app.delete(
    '/auth/profile/image',
    { schema: { operationId: 'deleteProfileImage', summary: 'Remove the profile picture', tags, response: { 200: ok(zUser) } } },
    async (req) => {
      const row = await account.setProfileImage(accountDeps, requireUser(req), null);
      return { success: true as const, data: presentUser(row, isAdminEmail(deps.config, row.email), deps.urls) };
    },
  );

  app.get(
    '/auth/profile/count',
    {
      schema: {
        operationId: 'getProfileCounts',
        summary: "The person's figures: sources by type, spaces, tags",
        tags,
        response: { 200: ok(zProfileCount) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await account.profileCount(db, requireUser(req)),
    }),
  );

  app.get(
    '/auth/withdrawal',
    { schema: { operationId: 'getWithdrawal', summary: 'What leaving Sauce would do', tags, response: { 200: ok(zWithdrawalPreview) } } },
    async (req) => ({
      success: true as const,
      data: await account.withdrawalPreview(db, requireUser(req)),
    }),
  );

  app.post(
    '/auth/withdrawal',
    {
      schema: {
        operationId: 'withdraw',
        summary: 'Leave Sauce: delete the account',
        tags,
        body: zWithdrawal,
        response: { 200: ok(z.null()) },
      },
    },
    async (req, reply) => {
      await account.withdraw({ ...accountDeps, revocations: deps.revocations }, requireUser(req), req.body.reason);
      clearSessionCookies(reply);
      return { success: true as const, data: null };
    },
  );

  /**
   * GET /account/export: everything the person can read as a ZIP, streamed (services/export.ts).
   * `x-export-estimated-bytes` gives the web app a size to show progress against. One export
   * per person and MAX_EXPORTS per process at a time (429 otherwise).
   */
  app.get(
    '/account/export',
    {
      config: perPerson,
      schema: { operationId: 'exportAccount', summary: 'Download everything one can read (ZIP)', tags, produces: ['application/zip'] },
    },
    async (req, reply) => {
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
  );

  app.post(
    '/account/import',
    {
      config: {
        ...perPerson,
        form: multipartForm(
          {
            workspace: { description: 'The id of the space to import into (sent before the file).' },
            folder: { description: 'The id of a folder of that space (optional).' },
            format: { description: `What the file is (optional; its content decides): ${IMPORT_FORMATS.join(', ')}.` },
            file: { file: true, description: 'A bookmarks HTML, Raindrop CSV, Karakeep JSON or Sauce export (ZIP or JSON), at most 50 MB.' },
          },
          ['workspace', 'file'],
        ),
      },
      schema: {
        operationId: 'importFile',
        summary: 'Import bookmarks or a Sauce export (multipart)',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: ok(zImportJob) },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const { m, form, file } = await readImportForm(req, deps, userId);
      const job = await startImport(importDeps, m, {
        folderId: form.folder,
        claimed: form.format,
        fileName: file.name,
        data: file.data,
      });
      return { success: true as const, data: job };
    },
  );

  app.get(
    '/account/import',
    { schema: { operationId: 'listImports', summary: "The person's imports", tags, response: { 200: ok(z.array(zImportJob)) } } },
    async (req) => ({
      success: true as const,
      data: await listImports(db, requireUser(req)),
    }),
  );

  app.get(
    '/account/import/:id',
    {
      schema: {
        operationId: 'getImport',
        summary: "An import's progress",
        tags,
        params: z.object({ id: zId }),
        response: { 200: ok(zImportJob) },
      },
    },
    async (req) => ({ success: true as const, data: await getImport(db, requireUser(req), req.params.id) }),
  );

  app.get(
    '/account/import/:id/skipped',
    {
      schema: {
        operationId: 'listImportSkips',
        summary: 'Entries an import did not bring in, and why',
        tags,
        params: z.object({ id: zId }),
        querystring: zPageQuery.extend({ pageSize: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: ok(page(zImportSkip)) },
      },
    },
    async (req) => {
      const q = req.query;
      const { results, count } = await listSkips(db, requireUser(req), req.params.id, q);
      return {
        success: true as const,
        data: { results, count, next: q.page * q.pageSize < count ? q.page + 1 : null, previous: q.page > 1 ? q.page - 1 : null },
      };
    },
  );

  /** GET /app/config: the shell's external links (null when not configured: hidden). Public. */
  app.get(
    '/app/config',
    { schema: { operationId: 'getAppConfig', summary: "The web app's links and settings", security: PUBLIC, tags, response: { 200: ok(zAppConfig) } } },
    async () => ({
      success: true as const,
      data: { links: deps.config.links },
    }),
  );
};
