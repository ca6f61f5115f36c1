import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { createPageBrowser } from '../lib/page-browser.ts';
import { backfillLinkKeys } from '../services/duplicates.ts';
import { startCopyWorkers } from '../services/link-copy.ts';
import { previewOptions, startPreviewWorkers } from '../services/link-preview.ts';
import { seedOnFirstStart, startArticleJobs } from './articles.ts';
import { importDepsOf, importUploadDir, startImportJobs } from './imports.ts';

/**
 * Issue #30: the one place this process's background workers start, once, from app.ts —
 * routes and services only send jobs. Starts:
 * - link previews (issue #23) and the linked pages' copies (issue #21), drawn by a browser
 *   when one is configured (config CHROMIUM_PATH / BROWSER_WS_ENDPOINT), people taking turns
 *   (issue #29, ./link-jobs.ts);
 * - the articles' summaries, thumbnails and feeds (issue #10), and the seed articles on a
 *   first start;
 * - imports (issue #8), and the taking back of imports a dead process left;
 * - the link keys of links saved before they were kept (issue #21 item 5), in the background.
 * What they hold (the browser, the import reader) is closed with the server. The periodic
 * maintenance jobs start apart (./maintenance.ts, app.ts `maintenance`).
 */
export async function startWorkers(app: FastifyInstance, deps: Deps): Promise<void> {
  const previews = previewOptions(deps, app.log);
  await startPreviewWorkers(deps.db, previews);
  const { executablePath, wsEndpoint, maxPages } = deps.config.browser;
  const browser =
    executablePath || wsEndpoint
      ? createPageBrowser({
          ...(executablePath ? { executablePath } : {}),
          ...(wsEndpoint ? { wsEndpoint } : {}),
          maxPages,
          allowPrivate: deps.config.metadataAllowPrivate,
          log: app.log,
        })
      : null;
  if (browser) app.addHook('onClose', () => browser.close());
  await startCopyWorkers(deps.db, { ...previews, files: deps.files, browser });

  await startArticleJobs(deps, app.log);
  await seedOnFirstStart(deps, app.log);

  const stopImports = await startImportJobs(importDepsOf(deps, app.log), importUploadDir(deps.config.dataDir), app.log);
  app.addHook('onClose', stopImports);

  void backfillLinkKeys(deps.db, app.log);
}
