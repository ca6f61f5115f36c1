/**
 * Issue #18: the work of a team in one space at once — uploads, image and text saves,
 * edits, deletes, shares, folder and tag changes — as two members send it, `atOnce`
 * requests at a time for `seconds`. Shared by the concurrency test (through `inject`) and
 * `npm run soak` (over HTTP against the built server); the transport is the caller's.
 */

/** A request of the mix: JSON `payload`, or a multipart body with one PNG file part. */
export interface MixRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  /** Send `png` as the multipart field `file`. */
  file?: Buffer;
}

/** What the mix needs from its caller. */
export interface MixOptions {
  /** The space both members work in. */
  workspaceId: number;
  /** Member tokens or handles, passed back to `send` (an owner and an editor). */
  members: readonly unknown[];
  /** Sends one request as `member`; resolves to its status and parsed JSON body. */
  send(member: unknown, req: MixRequest): Promise<{ status: number; json: any }>;
  /** A small PNG to upload. */
  png: Buffer;
  seconds: number;
  atOnce: number;
}

/** Figures of a run: answers by kind and status, the answers of 500 or more, latencies (ms). */
export interface MixResult {
  statuses: Map<string, Map<number, number>>;
  failures: string[];
  latencies: number[];
}

const TAGS = ['ref', 'mood', 'type', 'grid', 'ux', 'color'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const someTags = () => TAGS.filter(() => Math.random() < 0.3).slice(0, 5);
const word = () => Math.random().toString(36).slice(2, 8);

/** Runs the mix until `seconds` have passed; see {@link MixResult}. */
export async function runTeamMix(o: MixOptions): Promise<MixResult> {
  const ws = o.workspaceId;
  const sauces = new Set<number>();
  const folders = new Set<number>();
  const result: MixResult = { statuses: new Map(), failures: [], latencies: [] };

  const send = async (kind: string, who: unknown, req: MixRequest) => {
    const started = performance.now();
    const res = await o.send(who, req);
    result.latencies.push(performance.now() - started);
    const byStatus = result.statuses.get(kind) ?? result.statuses.set(kind, new Map()).get(kind)!;
    byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
    if (res.status >= 500) result.failures.push(`${kind}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
    return res;
  };
  const upload = async (who: unknown) => {
    const res = await send('upload', who, { method: 'POST', url: `/api/archive/sauce/${ws}/image/upload/single`, file: o.png });
    return res.status === 200 ? (res.json.data.id as number) : null;
  };
  const folderSet = () => [...folders].filter(() => Math.random() < 0.3).slice(0, 2);
  const sauce = () => pick([...sauces]);

  const actions: ((who: unknown) => Promise<unknown>)[] = [
    upload,
    async (who) => {
      const id = await upload(who);
      if (id === null) return;
      const imageSauce = [{ id, comments: [{ id: 'c1', message: 'look', x: 0.5, y: 0.5 }] }];
      const payload = { type: 'IMAGE', title: 'shot', tagSet: someTags(), folderSet: folderSet(), imageSauce };
      const res = await send('create image source', who, { method: 'POST', url: `/api/archive/sauce/${ws}`, payload });
      if (res.status === 200) sauces.add(res.json.data.id);
    },
    async (who) => {
      const payload = { type: 'TEXT', title: 'note', tagSet: someTags(), folderSet: folderSet(), textSauce: { text: 'a note' } };
      const res = await send('create text source', who, { method: 'POST', url: `/api/archive/sauce/${ws}`, payload });
      if (res.status === 200) sauces.add(res.json.data.id);
    },
    async (who) => {
      if (sauces.size === 0) return;
      const payload = { title: `edited ${word()}`, tagSet: someTags(), folderSet: folderSet() };
      await send('edit source', who, { method: 'PATCH', url: `/api/archive/sauce/${ws}/${sauce()}`, payload });
    },
    async (who) => {
      if (sauces.size < 20) return;
      const id = sauce();
      const res = await send('delete source', who, { method: 'DELETE', url: `/api/archive/sauce/${ws}/${id}` });
      if (res.status === 200 || res.status === 404) sauces.delete(id);
    },
    async (who) => {
      if (sauces.size === 0) return;
      const payload = { isShareEnabled: Math.random() < 0.5 };
      await send('share source', who, { method: 'POST', url: `/api/archive/sauce/${ws}/${sauce()}/share`, payload });
    },
    async (who) => {
      if (folders.size >= 4) {
        const id = pick([...folders]);
        const res = await send('delete folder', who, { method: 'DELETE', url: `/api/archive/folder/${ws}/${id}` });
        if (res.status === 200 || res.status === 404) folders.delete(id);
        return;
      }
      const res = await send('create folder', who, { method: 'POST', url: `/api/archive/folder/${ws}`, payload: { name: `f${word()}` } });
      if (res.status === 200) folders.add(res.json.data.id);
    },
    async (who) => {
      if (folders.size === 0) return;
      await send('rename folder', who, { method: 'PATCH', url: `/api/archive/folder/${ws}/${pick([...folders])}`, payload: { name: `r${word()}` } });
    },
    (who) => send('rename tag', who, { method: 'PATCH', url: `/api/archive/tag/${pick(TAGS)}`, payload: { name: pick(TAGS) } }),
    (who) => send('favourite tag', who, { method: 'POST', url: '/api/archive/tag/favorite', payload: { name: pick(TAGS) } }),
  ];

  const until = Date.now() + o.seconds * 1000;
  await Promise.all(
    Array.from({ length: o.atOnce }, async (_, i) => {
      while (Date.now() < until) await pick(actions)(o.members[i % o.members.length]);
    }),
  );
  return result;
}

/** The kinds of write that must have gone through at least once in a run. */
export const MIX_WRITES = ['upload', 'create image source', 'create text source', 'edit source', 'delete source', 'create folder', 'rename folder'];
