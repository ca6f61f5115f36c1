import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';

/** What every route group is given: the database, the configuration, the token secret. */
export interface Deps {
  db: Db;
  config: Config;
  secret: Uint8Array;
}

/** A Fastify instance typed by the zod type provider. */
export type ZApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A SPEC §7 route group, registered under /api with the shared deps. */
export type RouteGroup = (app: ZApp, deps: Deps) => Promise<void>;
