// `npm run backup -- [file]`: writes a backup (database rows and stored files, one
// consistent snapshot) to `file`, by default ./sauce-backup-<UTC time>.tar.gz. Uses the
// same configuration as the server (DATABASE_URL or the embedded database in DATA_DIR,
// local files or S3). With the embedded database, a running app's server is used as it
// runs; otherwise one is started for the backup and stopped after. See docs/operating.md "Backups and metrics".
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runningServerUrl } from '../apps/api/src/db/embedded.ts';
import { createBackup } from '../apps/api/src/ops/backup.ts';
import { createFileStore } from '../apps/api/src/storage/file-store.ts';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z');
const out = path.resolve(process.argv[2] ?? `sauce-backup-${stamp}.tar.gz`);
const running = config.databaseUrl ? null : runningServerUrl(path.join(config.dataDir, 'db'), 'sauce');
const database = await openDatabase({
  databaseUrl: config.databaseUrl ?? running ?? undefined,
  dataDir: config.dataDir,
  timeouts: { connectTimeoutMs: 10_000, statementTimeoutMs: 0 },
  log: (m) => console.log(`[db] ${m}`),
});
try {
  const started = Date.now();
  const m = await createBackup(database.pool, createFileStore(config.files), out, config.dataDir);
  const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
  console.log(`Backup written to ${out}: ${rows} rows in ${Object.keys(m.tables).length} tables, ${m.files} files, in ${Date.now() - started} ms.`);
} finally {
  await database.close();
}
