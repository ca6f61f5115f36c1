import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { articlesNeverAdded, seedArticles } from '../services/articles/seed.ts';
import { backfillLinkKeys } from '../services/duplicates.ts';
import { runImageText } from '../services/image-text.ts';
import { previewOptions } from '../services/link-preview.ts';
import { runLinkRead } from '../services/link-read.ts';
import { startFeedFetchJobs } from './article-feed-fetch.ts';
import { startFeedsPollJobs } from './article-feeds-poll.ts';
import { startSummaryJobs } from './article-summary.ts';
import { queueThumbnail, startThumbnailJobs } from './article-thumbnail.ts';
import { STARVED_AFTER, startImageTextJobs } from './image-text.ts';
import { importDepsOf, importUploadDir, startImportJobs } from './imports.ts';
import { startMaintenanceJobs } from './maintenance.ts';
import { startLinkReadJobs } from './link-read.ts';
import { createPageBrowser } from './page-browser.ts';
import { createTextReader } from '../lib/text-reader.ts';

/**
 * Issue #30: the one place this process's background workers start, once, from app.ts —
 * routes and services only send jobs. A file of this folder per queue holds its name,
 * payload, options and handler. Starts:
 * - the saved links' reads (./link-read.ts): their previews (issue #23) and the linked pages'
 *   copies (issue #21) from one fetch, drawn by a browser (./page-browser.ts) when one is
 *   configured (config CHROMIUM_PATH / BROWSER_WS_ENDPOINT), people taking turns (issue #29,
 *   ./link-jobs.ts);
 * - the articles' summaries, thumbnails and feeds (issue #10, ./article-*.ts), and the seed
 *   articles on a first start;
 * - imports (issue #8, ./imports.ts), and the taking back of imports a dead process left;
 * - the words in images (issue #33, ./image-text.ts), read by a text reader (lib/text-reader.ts:
 *   Tesseract in worker threads) unless config IMAGE_TEXT is false;
 * - the link keys of links saved before they were kept (issue #21 item 5), in the background.
 * - with `maintenance` (a serving process, not a test), the periodic maintenance jobs
 *   (./maintenance.ts: the upload sweep, file reconciliation, link health, image signatures,
 *   the copy sweep).
 * What they hold (the browser, the import reader, the text reader) is closed with the server.
 * @throws EngineStartError (lib/text-reader.ts) when a language of IMAGE_TEXT_LANGS has no data installed.
 */
export async function startWorkers(app: FastifyInstance, deps: Deps, opts: { maintenance: boolean }): Promise<void> {
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
  const links = { ...previewOptions(deps, app.log), files: deps.files, browser };
  await startLinkReadJobs(links, (data, job) => runLinkRead(deps.db, links, data, job));

  await startSummaryJobs(deps, app.log);
  await startThumbnailJobs(deps);
  await startFeedFetchJobs(deps, app.log);
  await startFeedsPollJobs(deps);
  await seedOnFirstStart(deps, app.log);

  const { imageText } = deps.config;
  if (imageText.enabled) {
    const reader = createTextReader({
      langs: imageText.langs,
      dataDir: deps.config.dataDir,
      workers: imageText.concurrency,
      timeoutMs: imageText.timeoutMs,
      nice: imageText.nice,
      starvedAfter: STARVED_AFTER,
      onError: (err) => app.log.warn({ err }, 'image text: the reader failed'),
    });
    app.addHook('onClose', () => reader.close());
    const textDeps = { db: deps.db, files: deps.files, reader, foreground: deps.foreground, log: app.log };
    await startImageTextJobs(deps.jobs, deps.db, imageText.concurrency, (data, job) => runImageText(textDeps, deps.jobs, data.imageId, job));
  }

  const stopImports = await startImportJobs(importDepsOf(deps, app.log), importUploadDir(deps.config.dataDir), app.log);
  app.addHook('onClose', stopImports);

  if (opts.maintenance) await startMaintenanceJobs(deps, app.log);
  void backfillLinkKeys(deps.db, app.log);
}

/**
 * Loads the shipped seed articles when the database has never held an article (issue #10:
 * a new install's Articles page is not empty), queueing each one's thumbnail job (which,
 * offline, leaves the generated cover). ARTICLES_SEED=false turns it off. Never fails the
 * start: an error is logged.
 */
async function seedOnFirstStart(deps: Pick<Deps, 'db' | 'jobs' | 'config'>, log: FastifyBaseLogger) {
  if (!deps.config.articles.seed) return;
  try {
    if (!(await articlesNeverAdded(deps.db))) return;
    const { added } = await seedArticles(deps.db, { onAdded: (id) => queueThumbnail(deps.jobs, id) });
    log.info(`loaded ${added} seed articles`);
  } catch (err) {
    log.warn({ err }, 'loading the seed articles failed');
  }
}
