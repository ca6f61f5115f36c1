// `npm run seed:articles`: loads the shipped seed articles (apps/api/src/db/seed/articles.json)
// into the configured database, skipping those already there (by canonical URL), then fills
// the new ones' thumbnails, favicons and dates from their pages when this machine is online
// (`--no-thumbnails` skips that; offline, cards show a generated cover instead).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { fillArticleFromPage, seedArticles } from '../apps/api/src/services/articles/seed.ts';
import { getArticle } from '../apps/api/src/services/articles/articles.ts';

const config = loadConfig();

/** The embedded server of a running Sauce holds the data directory: this script must not start a second one. */
function embeddedInUse(): boolean {
  const pidFile = path.join(config.dataDir, 'db', 'postmaster.pid');
  if (config.databaseUrl || !existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

if (embeddedInUse()) {
  console.error(
    `Sauce is running on ${config.dataDir}/db. Stop it first (the seed is also loaded on the first start of an empty database), or set DATABASE_URL.`,
  );
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeouts: config.db,
  log: (m) => console.log(`[db] ${m}`),
});
try {
  const added: number[] = [];
  const { total } = await seedArticles(database.db, { onAdded: async (id) => void added.push(id) });
  console.log(`seed: ${added.length} of ${total} articles added (${total - added.length} were already there)`);
  if (added.length > 0 && !process.argv.includes('--no-thumbnails')) {
    const limit = pLimit(6);
    const read = await Promise.all(
      added.map((id) =>
        limit(async () => fillArticleFromPage(database.db, await getArticle(database.db, id), { allowPrivate: false, timeoutMs: 5_000 })),
      ),
    );
    const fetched = read.filter(Boolean).length;
    console.log(`thumbnails: ${fetched} pages read; ${added.length - fetched} keep a generated cover (offline, slow or unreadable)`);
  }
} finally {
  await database.close();
}
