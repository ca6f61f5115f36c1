// `npm run restore -- <file>`: restores a backup of `npm run backup` into an empty
// database (a new DATA_DIR for the embedded one, or an empty DATABASE_URL) and its file
// store, with the same version of Sauce that made it. Refuses a database that holds data.
// See docs/operating.md "Backups and metrics".
import path from 'node:path';
import { loadConfig, prepareDataDir } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { restoreBackup, RestoreError } from '../apps/api/src/ops/backup.ts';
import { createFileStore } from '../apps/api/src/storage/file-store.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <backup.tar.gz>');
  process.exit(2);
}
const config = loadConfig();
prepareDataDir(config);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeouts: { connectTimeoutMs: 10_000, statementTimeoutMs: 0 },
  log: (m) => console.log(`[db] ${m}`),
});
try {
  const started = Date.now();
  const m = await restoreBackup(database.pool, createFileStore(config.files), path.resolve(file));
  const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
  console.log(`Restored ${rows} rows and ${m.files} files from ${file} (made ${m.createdAt}) in ${Date.now() - started} ms.`);
} catch (e) {
  if (!(e instanceof RestoreError)) throw e;
  console.error(`Not restored: ${e.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
