import { countedLength, LIMITS } from '@sauce/contract/limits';
import { pathKey } from './entry.ts';

/** The separator of a flattened folder path: 'Parent / Child'. */
export const PATH_SEPARATOR = ' / ';

/** Cuts `s` to `max` characters (as SPEC §5 counts them: code points). */
const cut = (s: string, max: number) => Array.from(s).slice(0, max).join('');
const fits = (s: string) => countedLength(s) <= LIMITS.folderNameLength;

/**
 * The name a folder of an import file gets in Sauce (issue #22: folders are one level, their
 * names at most 15 characters — SPEC §5, §9). The stated shortening:
 * 1. its path flattened, 'Parent / Child' (`['Design', 'Type']` → 'Design / Type'), if that fits;
 * 2. else with each parent cut to its first character ('Design Systems / Typography' →
 *    'D / Typography'), if that fits;
 * 3. else its own name alone, cut to 14 characters and '…' when longer than 15
 *    ('Typography Resources' → 'Typography Res…').
 */
export function folderName(path: readonly string[]): string {
  const full = path.join(PATH_SEPARATOR);
  if (fits(full)) return full;
  const leaf = path.at(-1)!;
  const initials = [...path.slice(0, -1).map((p) => cut(p, 1)), leaf].join(PATH_SEPARATOR);
  if (path.length > 1 && fits(initials)) return initials;
  return fits(leaf) ? leaf : `${cut(leaf, LIMITS.folderNameLength - 1)}…`;
}

/**
 * A name made different from those `taken` by a number: 'Typography 2', 'Typography 3'…,
 * the name cut so that the whole stays within 15 characters ('Typography Res…' →
 * 'Typography R… 2').
 */
function numbered(name: string, taken: (s: string) => boolean): string {
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const room = LIMITS.folderNameLength - suffix.length;
    const base = countedLength(name) > room ? `${cut(name, room - 1)}…` : name;
    if (!taken(`${base}${suffix}`)) return `${base}${suffix}`;
  }
}

/** What becomes of one folder of the file. */
export interface PlannedFolder {
  /** Its path in the file, flattened ('Parent / Child'). */
  path: string;
  /** Its name in the space. */
  name: string;
  /** The space's folder of that name, when there is one already. */
  id: number | null;
  /** 'existing': goes into the space's folder of that name; 'new': created; 'overLimit': not created (the plan's folders are used up). */
  status: 'existing' | 'new' | 'overLimit';
}

/**
 * The folders an import recreates (issue #22 item 2): each path of the file (in the order
 * they first appear) named by {@link folderName}. A name the space already has is that
 * folder (so importing the same file twice, or into a space with a 'Design' folder, fills
 * the same folder); two paths of the file that come out with the same name are told apart
 * by a number ({@link numbered}: the later one, in file order). New folders are created
 * while the plan allows (`limit` folders a space, null: unlimited); the rest are 'overLimit'
 * and their entries come in without them.
 * @param paths the file's folder paths, distinct, in file order.
 * @param existing the space's folders by name.
 * @returns the plan by path key (entry.ts pathKey).
 */
export function planFolders(paths: readonly (readonly string[])[], existing: ReadonlyMap<string, number>, limit: number | null): Map<string, PlannedFolder> {
  const plan = new Map<string, PlannedFolder>();
  /** Names given to this file's paths so far. */
  const given = new Set<string>();
  let count = existing.size;
  for (const path of paths) {
    const key = pathKey(path);
    if (plan.has(key)) continue;
    let name = folderName(path);
    if (given.has(name)) name = numbered(name, (s) => given.has(s));
    given.add(name);
    const id = existing.get(name) ?? null;
    let status: PlannedFolder['status'] = 'existing';
    if (id === null) {
      status = limit === null || count < limit ? 'new' : 'overLimit';
      if (status === 'new') count++;
    }
    plan.set(key, { path: path.join(PATH_SEPARATOR), name, id, status });
  }
  return plan;
}
