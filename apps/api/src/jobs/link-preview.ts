import { type LinkJob, type LinkJobRun, type LinkJobSending, type LinkQueueSpec, workLinkJobs } from './link-jobs.ts';
import { Turns } from './turns.ts';

/**
 * The queue of link previews (issue #23): a save never waits for the linked site; its link's
 * preview is read by a job of this queue (services/link-preview.ts: what is read, and where it
 * lands), one waiting per link, people taking turns (issue #29, ./link-jobs.ts).
 *
 * The handler calls the service's `runPreview`, which jobs/index.ts hands to
 * {@link startPreviewJobs}: the service sends to this queue (it imports {@link previewQueue}
 * from here), so this file may not import it back (no import loops, issue #19 item 4).
 */
export const PREVIEW_QUEUE = 'link-preview';

declare module './queue.ts' {
  interface JobPayloads {
    /**
     * Issue #23: the preview of `link`, for every source waiting for it; `person` pays the
     * fetch and waits their turn (issue #29); `attempt`: fetches of it that failed so far.
     * Schema: ./link-jobs.ts linkJobSchema.
     */
    'link-preview': LinkJob;
  }
}

/**
 * The preview queue (issue #29): 8 workers a process (the outbound line bounds the fetches),
 * at most 4 of them on one person's jobs and 4 on one host's; people take turns in its line.
 */
export const previewQueue: LinkQueueSpec = { name: PREVIEW_QUEUE, line: new Turns(), workers: 8, share: 4 };

/** Starts this process's preview workers; `run` (services/link-preview.ts runPreview) works each job. */
export const startPreviewJobs = (opts: LinkJobSending, run: LinkJobRun) => workLinkJobs(opts, previewQueue, run);
