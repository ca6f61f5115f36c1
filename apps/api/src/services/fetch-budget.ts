import { memoryState, type SharedState } from '../lib/shared-state.ts';

/**
 * Issue #9: one budget of outbound page fetches per person — the editor's link previews
 * (./metadata.ts readMetadata) and the saved links' reads (./link-read.ts: a link's preview,
 * copy and screenshot from one fetch, issue #29) — kept in Redis shared by every process, or
 * in this process's memory when there is none.
 */

/** The state of a process that was given none (one process, no Redis). */
const processState = memoryState();

/** Outbound page fetches one person may cause per minute: previews and saves together (issue #9). */
export const FETCHES_PER_MINUTE = 60;

/**
 * Spends one of `person`'s {@link FETCHES_PER_MINUTE} outbound page fetches (issue #9; issue
 * #29: previews, saves' copies and their screenshots alike), in `shared` (this process's
 * memory by default). @returns false when the minute's budget is spent (nothing spent).
 */
export function spendFetch(shared: SharedState | undefined, person: number): Promise<boolean> {
  return (shared ?? processState).hit(`fetch:${person}`, FETCHES_PER_MINUTE, 60_000);
}

/** Per person, when the next job put off for their spent budget may run (ms since the epoch): this process's view. */
const budgetTurns = new Map<number, number>();

/**
 * Issue #29: how long (s) a job whose fetch found `person`'s budget spent waits — its own
 * place among their coming fetches: the first put off in a minute gets the next minute's
 * first second, the next one second later, and so on ({@link FETCHES_PER_MINUTE} a minute),
 * so a backlog of any size is fetched about once a job, not again every half minute.
 * Previews and copies share the places, as they share the budget. At least 1 s.
 */
export function budgetTurnS(person: number, now = Date.now()): number {
  const nextMinute = Math.floor(now / 60_000) * 60_000 + 60_000;
  const at = Math.max(nextMinute, budgetTurns.get(person) ?? 0);
  if (budgetTurns.size >= 10_000) for (const [p, t] of budgetTurns) if (t <= now) budgetTurns.delete(p);
  budgetTurns.set(person, at + 60_000 / FETCHES_PER_MINUTE);
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/**
 * A new job about `person`'s link while jobs put off for their spent budget still wait (this
 * process put one off to a place still to come): its own place after theirs
 * ({@link budgetTurnS}), s — so it is not fetched only to be put off. Else undefined: now.
 */
export function budgetWaitS(person: number, now = Date.now()): number | undefined {
  return (budgetTurns.get(person) ?? 0) > now ? budgetTurnS(person, now) : undefined;
}
