// The database handle's types, apart from client.ts so what client.ts uses (locks.ts) can name
// them without importing it back (issue #19 item 4: no import loops).
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or a transaction on it: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
