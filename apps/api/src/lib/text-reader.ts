import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BroadcastChannel, type Worker as Thread } from 'node:worker_threads';
import type Tesseract from 'tesseract.js';
import { API_DIR } from '../api-dir.ts';
import { loadSharp } from './sharp.ts';
import { mergeReadings, type OcrLine, SECOND_PASS_SCALE, textOf } from './text-layout.ts';

/**
 * Issue #33: reads the words in images with Tesseract (tesseract.js: Tesseract compiled to
 * WebAssembly, run in a worker thread — off the event loop, at the lowest CPU priority), Korean and English by default,
 * from the language data that the npm packages `@tesseract.js-data/<lang>` install (nothing
 * is downloaded: it works offline). One engine per image read at once (`workers`, config
 * IMAGE_TEXT_CONCURRENCY, default 1); each image has a deadline, past which its engine's
 * thread is terminated and a new one started for the next image.
 */

/**
 * The engine's thread: at the lowest CPU priority, then tesseract.js's worker script
 * (./text-reader-thread.mjs, read from the sources by the build too: src/api-dir.ts).
 */
const THREAD_SCRIPT = path.join(API_DIR, 'src/lib/text-reader-thread.mjs');

/** The language data used: Tesseract's LSTM models in 8-bit integers ('best_int', what tesseract.js itself fetches by default), gzipped. */
const LANG_DATA = '4.0.0_best_int';

/** Most pixels of the copy an image is read from (greyscale: as many bytes), and its longest side, px. */
export const READ_MAX_PIXELS = 4_000_000;
export const READ_MAX_SIDE = 4_000;
/** The second reading is skipped when its shorter side would be under this many px: nothing fits in it. */
const SECOND_PASS_MIN_SIDE = 120;
/** An engine unused this long is closed (its ~100–200 MB given back), ms. */
const IDLE_MS = 60_000;
/** An engine is replaced after this many images (WebAssembly's memory only grows). */
const RECYCLE_AFTER = 200;
/** Longest an engine may take to start (load its languages), ms. */
const START_TIMEOUT_MS = 60_000;
/** How often a reading's CPU time is looked at, ms. */
const DEADLINE_CHECK_MS = 250;
/** Linux's clock ticks a second (/proc/…/stat's CPU times). */
const CLK_TCK = 100;

/** CPU time used so far by kernel thread `tid` of this process, ms; null when it cannot be read. */
function threadCpuMs(tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // f[0] is field 3; utime, stime are fields 14, 15
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
  } catch {
    return null;
  }
}

/** The kernel thread ids of the engines' threads, by their worker_threads threadId (./text-reader-thread.mjs tells them). */
const threadTids = new Map<number, number>();
let tidChannel: BroadcastChannel | null = null;
/** Listens for the engines' threads' ids (once per process); `nice` is given to each as it says it. */
function listenForThreads(nice: number) {
  if (tidChannel) return;
  tidChannel = new BroadcastChannel('sauce:text-reader');
  tidChannel.unref();
  tidChannel.onmessage = (e) => {
    const { threadId, tid } = (e as { data: { threadId: number; tid: number } }).data;
    threadTids.set(threadId, tid);
    try {
      setPriority(tid, nice);
    } catch {
      // Not allowed here: it reads at the server's priority.
    }
  };
}

/** The image could not be read in time: its engine was stopped. */
export class ReadTimeoutError extends Error {
  constructor(ms: number) {
    super(`Reading the image took more than ${ms} ms of CPU time`);
    this.name = 'ReadTimeoutError';
  }
}

/**
 * The engine was given too little of the CPU to read the image (`starvedAfter` times its
 * deadline went by, the server busy with everything else): its engine was stopped; the image is
 * not to blame.
 */
export class ReadStarvedError extends Error {
  constructor(ms: number) {
    super(`Reading the image got too little CPU time in ${ms} ms`);
    this.name = 'ReadStarvedError';
  }
}

/** The engine could not start (its language data missing or broken): no image can be read, none is to blame. */
export class EngineStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineStartError';
  }
}

/** What {@link TextReader.read} found. */
export interface TextReading {
  /** The words in reading order, lines apart; '' when none (lib/text-layout.ts textOf). */
  text: string;
  /** Size of the copy read, px (at most {@link READ_MAX_PIXELS}, {@link READ_MAX_SIDE} on its longer side). */
  width: number;
  height: number;
}

export interface TextReaderOptions {
  /** Tesseract language codes, e.g. ['kor', 'eng'] (config IMAGE_TEXT_LANGS); each needs its `@tesseract.js-data/<code>` package. */
  langs: string[];
  /** A directory the reader may write: the languages' data are linked there, side by side (tesseract.js reads them from one directory). */
  dataDir: string;
  /** Engines at once (config IMAGE_TEXT_CONCURRENCY). */
  workers: number;
  /**
   * Deadline of one image, ms of the engine's CPU time where the kernel says it (Linux), else
   * of wall time (config IMAGE_TEXT_TIMEOUT_MS).
   */
  timeoutMs: number;
  /** The engines' threads' nice value, 0–19 (config IMAGE_TEXT_NICE; 19: the server's requests and PostgreSQL go first). */
  nice?: number;
  /** A reading whose engine has not used `timeoutMs` of CPU time after this many times `timeoutMs` of wall time is starved (default 10). */
  starvedAfter?: number;
  /** Told of an engine's failures (a thread that errs, an engine that failed to start). */
  onError?: (err: unknown) => void;
}

export interface TextReader {
  /**
   * Reads the words in `image` (any format sharp decodes; an animated one's first frame):
   * greyscale, shrunk to {@link READ_MAX_PIXELS} and {@link READ_MAX_SIDE}, read twice (at its
   * size and at 40%, lib/text-layout.ts), when an engine is free.
   * @throws ReadTimeoutError past `timeoutMs` (the engine is stopped, another starts for the
   *   next image); EngineStartError when no engine could start; sharp's Error for an image it
   *   cannot decode; the engine's Error otherwise.
   */
  read(image: Buffer): Promise<TextReading>;
  /** Engines running now (each a worker thread). */
  engines(): number;
  /** Stops every engine; reads under way fail. */
  close(): Promise<void>;
}

/** A Tesseract engine, the thread it runs in, the images it read, its idle timer, and whether its thread ended. */
interface Engine {
  worker: Tesseract.Worker;
  thread: Thread | null;
  used: number;
  idle: NodeJS.Timeout | null;
  dead: boolean;
}

const require = createRequire(import.meta.url);

/**
 * The directory holding `<lang>.traineddata.gz` of each of `langs` (links to the installed
 * packages' files, made under `dataDir/tessdata` if missing; a copy where links cannot be made).
 * @throws EngineStartError naming a language whose package is not installed.
 */
export function languageDir(langs: string[], dataDir: string): string {
  const dir = path.join(dataDir, 'tessdata', LANG_DATA);
  mkdirSync(dir, { recursive: true });
  for (const lang of langs) {
    let source: string;
    try {
      source = path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), LANG_DATA, `${lang}.traineddata.gz`);
    } catch {
      throw new EngineStartError(`No language data for '${lang}': install the npm package @tesseract.js-data/${lang}`);
    }
    const target = path.join(dir, `${lang}.traineddata.gz`);
    if (existsSync(target)) continue;
    try {
      symlinkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
  }
  return dir;
}

/** Rejects with `error()` after `ms`, unless `work` settles first; `onLate` runs when it did not. */
async function within<T>(work: Promise<T>, ms: number, error: () => Error, onLate: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLate();
      reject(error());
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `work`, unless the engine's thread `tid` uses more than `ms` of CPU time on it (or, when its
 * CPU time cannot be read, `ms` of wall time go by): then `onLate` runs and it rejects with
 * ReadTimeoutError; or `starvedAfter` × `ms` of wall time go by first: ReadStarvedError.
 */
async function withinCpu<T>(work: Promise<T>, tid: number | undefined, ms: number, starvedAfter: number, onLate: () => void): Promise<T> {
  const cpuAtStart = tid === undefined ? null : threadCpuMs(tid);
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    const check = () => {
      const wall = performance.now() - started;
      const cpu = cpuAtStart === null ? null : threadCpuMs(tid!);
      const used = cpu === null || cpuAtStart === null ? wall : cpu - cpuAtStart;
      if (used > ms || wall > starvedAfter * ms) {
        onLate();
        reject(used > ms ? new ReadTimeoutError(ms) : new ReadStarvedError(wall));
      } else {
        timer = setTimeout(check, Math.min(DEADLINE_CHECK_MS, ms));
      }
    };
    timer = setTimeout(check, Math.min(DEADLINE_CHECK_MS, ms));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The copies an image is read from: greyscale PNGs, the first within the bounds, the second at 40% of it (or null). */
async function copiesOf(image: Buffer, timeoutS: number) {
  const sharp = await loadSharp();
  const open = () => sharp(image, { limitInputPixels: false, failOn: 'none', autoOrient: true }).timeout({ seconds: timeoutS });
  const meta = await open().metadata();
  const [w0, h0] = meta.autoOrient ? [meta.autoOrient.width, meta.autoOrient.height] : [meta.width ?? 0, meta.height ?? 0];
  if (!w0 || !h0) throw new Error('The image has no size');
  const scale = Math.min(1, Math.sqrt(READ_MAX_PIXELS / (w0 * h0)), READ_MAX_SIDE / Math.max(w0, h0));
  const width = Math.max(1, Math.round(w0 * scale));
  const height = Math.max(1, Math.round(h0 * scale));
  const first = await open().resize(width, height, { fit: 'fill' }).greyscale().png({ compressionLevel: 1 }).toBuffer();
  const small = { width: Math.round(width * SECOND_PASS_SCALE), height: Math.round(height * SECOND_PASS_SCALE) };
  const second =
    Math.min(small.width, small.height) >= SECOND_PASS_MIN_SIDE
      ? await sharp(first).resize(small.width, small.height, { fit: 'fill' }).png({ compressionLevel: 1 }).toBuffer()
      : null;
  return { first, second, width, height };
}

/** The lines of one reading (tesseract.js's blocks → paragraphs → lines). */
async function linesOf(worker: Tesseract.Worker, png: Buffer): Promise<OcrLine[]> {
  const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
  return (data.blocks ?? []).flatMap((b) =>
    b.paragraphs.flatMap((p) =>
      p.lines.map((l) => ({ text: l.text, confidence: l.confidence, box: l.bbox, words: l.words.map((w) => ({ text: w.text, confidence: w.confidence })) })),
    ),
  );
}

/** Starts a {@link TextReader} (engines start on the first image, not here). @throws EngineStartError for a language not installed. */
export function createTextReader(opts: TextReaderOptions): TextReader {
  const langPath = languageDir(opts.langs, opts.dataDir);
  listenForThreads(opts.nice ?? 19);
  const slots: (Engine | null)[] = Array.from({ length: Math.max(1, opts.workers) }, () => null);
  const free: number[] = slots.map((_, i) => i);
  const waiting: ((slot: number) => void)[] = [];
  let closed = false;

  const stop = (slot: number) => {
    const engine = slots[slot];
    slots[slot] = null;
    if (!engine) return;
    if (engine.idle) clearTimeout(engine.idle);
    void engine.worker.terminate().catch(() => undefined);
  };

  async function start(): Promise<Engine> {
    // tesseract.js makes its thread synchronously inside createWorker and lets nobody listen
    // to it until the engine is ready; the process's 'worker' event hands it over, so that a
    // thread that throws is told here (not as an unheard 'error' that would end the process),
    // an engine whose thread ended is replaced, and one that never gets ready can be stopped.
    const engine: Omit<Engine, 'worker'> & { worker?: Tesseract.Worker } = { thread: null, used: 0, idle: null, dead: false };
    const onThread = (t: Thread) => {
      engine.thread = t;
      t.on('error', (err) => {
        engine.dead = true;
        opts.onError?.(err);
      });
      t.on('exit', () => (engine.dead = true));
    };
    process.once('worker', onThread);
    // tesseract.js leaves the engine's promise pending when its languages fail to load: its error handler says so.
    let failed: (err: unknown) => void = () => undefined;
    const failure = new Promise<never>((_, reject) => (failed = reject));
    try {
      // Loaded with the first engine, not at the server's start (9 MB in a bare Node process; issue #11 item 7).
      const { createWorker, OEM } = (await import('tesseract.js')).default;
      const worker = await within(
        Promise.race([
          createWorker(opts.langs, OEM.LSTM_ONLY, {
            langPath,
            workerPath: THREAD_SCRIPT,
            cacheMethod: 'none',
            gzip: true,
            // Without it tesseract.js throws a failed job's error out of its message handler.
            errorHandler: (err: unknown) => {
              failed(new EngineStartError(`The text reader did not start: ${String(err)}`));
              opts.onError?.(err);
            },
          }),
          failure,
        ]),
        START_TIMEOUT_MS,
        () => new EngineStartError('The text reader did not start in time'),
        () => undefined,
      ).catch((err: unknown) => {
        void engine.thread?.terminate();
        throw err;
      });
      await worker.setParameters({ tessedit_pageseg_mode: '6' as Tesseract.PSM, preserve_interword_spaces: '1', debug_file: '/dev/null' } as Partial<Tesseract.WorkerParams>);
      engine.worker = worker;
      return engine as Engine;
    } finally {
      process.off('worker', onThread);
    }
  }

  const take = () =>
    new Promise<number>((resolve) => {
      const slot = free.shift();
      if (slot !== undefined) resolve(slot);
      else waiting.push(resolve);
    });
  const give = (slot: number) => {
    const next = waiting.shift();
    if (next) next(slot);
    else free.push(slot);
  };

  return {
    async read(image) {
      if (closed) throw new Error('The text reader is closed');
      const copies = await copiesOf(image, Math.ceil(opts.timeoutMs / 1000));
      const slot = await take();
      try {
        let engine = slots[slot];
        if (engine?.idle) clearTimeout(engine.idle);
        if (!engine || engine.dead || engine.used >= RECYCLE_AFTER) {
          stop(slot);
          engine = slots[slot] = await start();
        }
        engine.used++;
        const current = engine;
        const lines = await withinCpu(
          (async () => {
            const first = await linesOf(current.worker, copies.first);
            const second = copies.second ? await linesOf(current.worker, copies.second) : null;
            return mergeReadings(first, second);
          })(),
          current.thread ? threadTids.get(current.thread.threadId) : undefined,
          opts.timeoutMs,
          opts.starvedAfter ?? 10,
          () => stop(slot),
        ).catch((err: unknown) => {
          // A failed reading may leave the engine broken (WebAssembly aborts for good): a new one reads the next.
          stop(slot);
          throw err;
        });
        if (slots[slot] === current) current.idle = setTimeout(() => stop(slot), IDLE_MS).unref();
        return { text: textOf(lines), width: copies.width, height: copies.height };
      } finally {
        give(slot);
      }
    },
    engines: () => slots.filter(Boolean).length,
    async close() {
      closed = true;
      slots.forEach((_, i) => stop(i));
    },
  };
}
