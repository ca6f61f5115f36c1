import { type LinkJob, type LinkJobRun, type LinkJobSending, type LinkQueueSpec, workLinkJobs } from './link-jobs.ts';
import { Turns } from './turns.ts';

/**
 * The queue of saved links' reads (issues #21, #23, #29): a save never waits for the linked
 * site; a job of this queue reads the page once and from that one fetch lands the link's
 * preview (title, description, image) and, when copies are kept, its readable copy and
 * screenshot on every source waiting for the link (services/link-read.ts: what is read, and
 * where it lands) — one waiting per link, people taking turns (./link-jobs.ts). Links no save
 * sent (an import's, or a save's whose process stopped first) are queued by the sweep
 * (./maintenance.ts, services/link-sweep.ts).
 *
 * The handler calls the service's `runLinkRead`, which jobs/index.ts hands to
 * {@link startLinkReadJobs}: the service sends to this queue (it imports {@link linkQueue}
 * from here), so this file may not import it back (no import loops, issue #19 item 4).
 */
export const LINK_QUEUE = 'link-read';

declare module './queue.ts' {
  interface JobPayloads {
    /**
     * The preview and the copy of `link`, for every source waiting for either; `person` pays
     * the one fetch and waits their turn (issue #29); `attempt`: fetches of it that failed so
     * far. Schema: ./link-jobs.ts linkJobSchema.
     */
    'link-read': LinkJob;
  }
}

/**
 * The link queue (issue #29): 8 workers a process (the outbound line bounds the fetches, the
 * browser its pages), at most 4 of them on one person's jobs and 4 on one host's; people take
 * turns in its line.
 */
export const linkQueue: LinkQueueSpec = { name: LINK_QUEUE, line: new Turns(), workers: 8, share: 4 };

/** Starts this process's link workers; `run` (services/link-read.ts runLinkRead) works each job. */
export const startLinkReadJobs = (opts: LinkJobSending, run: LinkJobRun) => workLinkJobs(opts, linkQueue, run);
