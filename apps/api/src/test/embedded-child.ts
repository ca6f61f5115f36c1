// Test helper process: starts the embedded PostgreSQL in argv[2], prints its URL, and
// waits to be killed (embedded.test.ts kills it with SIGKILL, as a crash would).
import { startEmbeddedPostgres } from '../db/embedded.ts';

const server = await startEmbeddedPostgres({ dataDir: process.argv[2]!, database: 'sauce', persistent: true });
console.log(server.url);
setInterval(() => {}, 60_000);
