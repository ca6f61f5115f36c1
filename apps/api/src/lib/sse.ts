import type { WorkspaceEvent } from '@sauce/contract/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** A comment line every 25 s keeps proxies from closing an idle stream, ms. */
const PING_MS = 25_000;

/**
 * Answers `req` with a Server-Sent Events stream (issue #7 live team view): one
 * `data: <event JSON>` message per event `subscribe` hands over, a comment line every 25 s,
 * and `retry: 3000` for the browser's reconnection. The subscription is made before the
 * response starts, so once the client sees 200 no event is missed (a failure there is still
 * an ordinary error answer). The stream ends after `lifetimeMs`, when the subscriber's
 * `close` is called (a removed member, a deleted space, shutdown) and when the client leaves.
 * @param subscribe starts the subscription with `send` and `close`; resolves to its removal.
 * @throws AppError 503 when the server began shutting down, or the client left, meanwhile.
 */
export async function streamEvents(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: {
    lifetimeMs: number;
    subscribe(send: (event: WorkspaceEvent) => void, close: () => void): Promise<() => void>;
  },
): Promise<void> {
  const raw = reply.raw;
  let open = true;
  /** The keep-alive ping and the end of the stream's lifetime. */
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe = () => {};
  let started = false;
  const close = () => {
    if (!open) return;
    open = false;
    timers.forEach(clearTimeout); // clears intervals too
    unsubscribe();
    if (started) raw.end();
  };
  unsubscribe = await opts.subscribe((event) => open && raw.write(`data: ${JSON.stringify(event)}\n\n`), close);
  if (!open || req.raw.destroyed) {
    close();
    unsubscribe();
    throw new AppError(503, 'SYSTEM_ERROR', 'The server is shutting down. Please try again.');
  }
  reply.hijack();
  started = true;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n');
  timers.push(setInterval(() => raw.write(': ping\n\n'), PING_MS), setTimeout(close, opts.lifetimeMs));
  req.raw.on('close', close);
}
