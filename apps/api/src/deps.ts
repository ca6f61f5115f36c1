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
import type { Revocations } from './auth/revocations.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Foreground } from './lib/foreground.ts';
import type { SharedState } from './lib/shared-state.ts';
import type { EventHub } from './services/events.ts';
import type { FileStore } from './storage/file-store.ts';
import type { UrlSigner } from './storage/signed-url.ts';

/**
 * What every route group is given: the database, the configuration, the token secret, the
 * file store for uploaded images, the signer of their URLs, the workspace event hub, the
 * background job queue and the clock.
 */
export interface Deps {
  db: Db;
  config: Config;
  secret: Uint8Array;
  files: FileStore;
  urls: UrlSigner;
  events: EventHub;
  /** State shared by every API process: Redis when REDIS_URL is set, else this process's memory. */
  shared: SharedState;
  /** Background jobs (pg-boss on the app's database). */
  jobs: JobQueue;
  /** The requests this process is answering now, which background link work yields to (issue #29). */
  foreground: Foreground;
  /** Deleted accounts whose access tokens are refused (issue #8). */
  revocations: Revocations;
  /** The current time, ms since the epoch (tests pass their own clock). */
  now: () => number;
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
