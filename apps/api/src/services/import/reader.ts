import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { ownModule } from '../../api-dir.ts';
import { AppError, ImportFileInvalidError, ImportInProgressError, ServiceUnavailableError } from '../../errors.ts';
import { FairQueue, QueueFullError, type Ticket } from '../../lib/fair-queue.ts';
import type { ParseResult, ParseTask } from './worker.ts';

/**
 * Bounds of reading import files (issue #18: a hostile file once held the event loop for
 * 27 s, and four 45 MB files at once took the server past 1 GB). Files are read by a child
 * process (./worker.ts) at lowered priority, one at a time in the server; an import is
 * admitted to the line before its file is received, and waits its turn with the file on
 * disk. A process rather than a worker thread: a thread's heap limit is best-effort, and
 * some allocations past it abort the whole server (Node issue #47224); a process that runs
 * out of heap ends alone.
 */
export const READ_LIMITS = {
  /** Files read at once in this server. */
  concurrency: 1,
  /** Imports admitted at once (being read, or waiting with their file on disk); more are answered 503. */
  admitted: 16,
  /** JavaScript heap of the reader, MB (`--max-old-space-size`): a file that needs more is refused ('tooComplex'). */
  heapMb: 256,
  /**
   * A file still being read after this long is refused ('tooComplex'), ms. The largest
   * honest file takes about 2.5 s of CPU; this leaves room for a busy machine.
   */
  timeoutMs: 60_000,
  /** The reader ends after this long without a file, giving its memory back, ms. */
  idleMs: 30_000,
  /** Nice value of the reader (Linux, macOS): requests of the server go first on a busy machine. */
  priority: 10,
} as const;

/** The line of imports: people take turns; one import of a person's at a time. */
const line = new FairQueue({ concurrency: READ_LIMITS.concurrency, maxAdmitted: READ_LIMITS.admitted, maxPerKey: 1 });

/**
 * A place in the line of imports for `userId`, taken before the file is received.
 * @throws SERVICE_UNAVAILABLE (503, with Retry-After) when READ_LIMITS.admitted imports are
 *   in the line; IMPORT_IN_PROGRESS (409) when one of this person's is.
 */
export function admitImport(userId: number): Ticket {
  try {
    return line.admit(userId);
  } catch (e) {
    if (!(e instanceof QueueFullError)) throw e;
    throw e.scope === 'total' ? ServiceUnavailableError('Many imports are being read right now. Please try again in a minute.') : ImportInProgressError();
  }
}

/** Imports admitted and not yet done in this server (tests, metrics). */
export const importsInLine = () => line.size;

/** The reader's module: ./worker.ts, or dist/import-worker.js from the build (api-dir.ts ownModule). */
const WORKER = ownModule(import.meta.url, './worker.ts', './import-worker.js');

let reader: ChildProcess | undefined;
let idle: NodeJS.Timeout | undefined;

function startReader(): ChildProcess {
  const child = fork(WORKER.file, [], {
    execArgv: [...WORKER.execArgv, `--max-old-space-size=${READ_LIMITS.heapMb}`, '--max-semi-space-size=4'],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  forwardStderr(child);
  child.once('exit', () => {
    if (reader === child) reader = undefined;
  });
  // A message sent as it dies: the task's own listeners tell.
  child.on('error', () => undefined);
  // The server does not wait for an idle reader to stop.
  child.unref();
  child.channel?.unref();
  try {
    if (child.pid) setPriority(child.pid, READ_LIMITS.priority);
  } catch {
    // Not allowed here (some containers): it runs at the server's priority.
  }
  return child;
}

/** What V8 prints first when a process runs out of heap (then its GCs, stacks and FATAL ERROR). */
const OOM_REPORT = /<--- Last few GCs --->|FATAL ERROR: .*heap/;

/**
 * Passes the reader's stderr on to the server's, but for V8's out-of-heap report — a refused
 * file, not a fault: dozens of lines of native stack that an operator would take for the
 * server crashing. One line says what happened instead.
 */
function forwardStderr(child: ChildProcess): void {
  let outOfHeap = false;
  child.stderr?.on('data', (chunk: Buffer) => {
    if (outOfHeap) return;
    const text = chunk.toString();
    const at = text.search(OOM_REPORT);
    if (at < 0) return void process.stderr.write(chunk);
    outOfHeap = true;
    process.stderr.write(
      `${text.slice(0, at)}The import reader ran out of its ${READ_LIMITS.heapMb} MB heap: the file is refused as too complex (IMPORT_FILE_INVALID tooComplex).\n`,
    );
  });
  // Like the process and its channel, the pipe does not keep the server running.
  (child.stderr as (NodeJS.ReadableStream & { unref?: () => void }) | null)?.unref?.();
}

/**
 * Issue #28 item 7: the refusal of a read whose reader died without answering, for a reason
 * other than the file's heap or time — a signal (the kernel's out-of-memory killer's
 * SIGKILL, a SIGSEGV), a non-zero exit (worker.ts ends with 1 on an unexpected error, e.g. a
 * full disk), or its channel lost. Nothing says the file caused it, so it is the server's
 * trouble of the moment: SERVICE_UNAVAILABLE (503, with Retry-After), never a 500; the next
 * read starts a new reader. One line on stderr says so, as {@link forwardStderr} does.
 * @param why the signal, the exit code or the channel's error message.
 */
function readerStopped(why: string | number | null): AppError {
  process.stderr.write(`The import reader stopped (${why}) before answering: the import is answered 503; the next one starts a new reader.\n`);
  return ServiceUnavailableError('The import could not be read just now. Please try again in a moment.');
}

/** The reader process's id while one runs, else undefined (tests kill it to play the kernel's out-of-memory killer). */
export const importReaderPid = (): number | undefined => reader?.pid;

/** An import file read by the reader: what it is (its entries are in the task's `out`). */
export type ReadFile = Extract<ParseResult, { ok: true }>;

/**
 * Reads the import file at `path` in the reader process (parse.ts parseImport there), which
 * writes its entries to `out` (worker.ts ENTRY_LINES; the caller deletes it). Call it inside
 * the import's turn ({@link admitImport}'s ticket `run`): the reader reads one file at a time.
 * @throws the refusals of parseImport (IMPORT_FILE_INVALID 400, LIMIT_REACHED 422);
 *   IMPORT_FILE_INVALID 'tooComplex' (400, `details.limitMb` or `details.limitSeconds`) for a
 *   file that needs more than READ_LIMITS' heap or time; SERVICE_UNAVAILABLE (503, with
 *   Retry-After) when the reader dies any other way ({@link readerStopped}).
 */
export async function readImportFile(task: ParseTask): Promise<ReadFile> {
  clearTimeout(idle);
  // A reader that died while idle, its 'exit' not yet handled, is not handed the file.
  if (reader && (reader.exitCode !== null || reader.signalCode !== null || !reader.connected)) reader = undefined;
  const child = (reader ??= startReader());
  try {
    const result = await new Promise<ParseResult>((resolve, reject) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, READ_LIMITS.timeoutMs);
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage).off('exit', onExit).off('error', onError);
      };
      const onMessage = (m: ParseResult) => {
        done();
        resolve(m);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        done();
        if (timedOut) reject(ImportFileInvalidError('tooComplex', { limitSeconds: READ_LIMITS.timeoutMs / 1000 }));
        // V8 aborts a process out of heap.
        else if (signal === 'SIGABRT' || code === 134) reject(ImportFileInvalidError('tooComplex', { limitMb: READ_LIMITS.heapMb }));
        else reject(readerStopped(signal ?? code));
      };
      const onError = (err: Error) => {
        done();
        child.kill('SIGKILL');
        reject(readerStopped(err.message));
      };
      child.on('message', onMessage).on('exit', onExit).on('error', onError);
      child.send(task);
    });
    if (!result.ok) throw new AppError(result.status, result.code as AppError['code'], result.message, result.details);
    return result;
  } finally {
    idle = setTimeout(() => void closeImportReader(), READ_LIMITS.idleMs).unref();
  }
}

/** Ends the reader process (the server's stop; an idle reader after READ_LIMITS.idleMs). */
export async function closeImportReader(): Promise<void> {
  clearTimeout(idle);
  const child = reader;
  reader = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.disconnect();
  await exited;
}
