import { type LinkJob, type LinkJobRun, type LinkJobSending, type LinkQueueSpec, workLinkJobs } from './link-jobs.ts';
import { Turns } from './turns.ts';

/**
 * The queue of the linked pages' kept copies (issue #21 item 1): a job of this queue reads a
 * saved link's page, keeps its readable text and, where a browser is at hand
 * (./page-browser.ts), its screenshot (services/link-copy.ts: what is read, and where it is
 * kept); one waiting per link, people taking turns (issue #29, ./link-jobs.ts). Links no save
 * sent (an import's, or a save's whose process stopped first) are queued by the sweep
 * (./maintenance.ts 'link-copy-sweep', services/link-sweep.ts).
 *
 * The handler calls the service's `runCopy`, which jobs/index.ts hands to
 * {@link startCopyJobs}: the service sends to this queue (it imports {@link copyQueue} from
 * here), so this file may not import it back (no import loops, issue #19 item 4).
 */
export const COPY_QUEUE = 'link-copy';

declare module './queue.ts' {
  interface JobPayloads {
    /**
     * Issue #21: the readable copy of `link`, for every source waiting for it; `person` pays
     * the fetch and waits their turn (issue #29). Schema: ./link-jobs.ts linkJobSchema.
     */
    'link-copy': LinkJob;
  }
}

/**
 * The copy queue (issue #29): 2 workers a process (reading a page costs CPU besides the fetch),
 * at most 1 of them on one person's jobs and 1 on one host's; people take turns in its line.
 */
export const copyQueue: LinkQueueSpec = { name: COPY_QUEUE, line: new Turns(), workers: 2, share: 1 };

/** Starts this process's copy workers; `run` (services/link-copy.ts runCopy) works each job. */
export const startCopyJobs = (opts: LinkJobSending, run: LinkJobRun) => workLinkJobs(opts, copyQueue, run);
