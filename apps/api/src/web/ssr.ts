import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Lang } from './html.ts';

/** One page for the web app's server renderer (apps/web src/entry-server.tsx `RenderRequest`). */
export interface RenderRequest {
  /** Path and query, e.g. '/article?category=2'. */
  url: string;
  lang: Lang;
  /** The public origin (PUBLIC_URL). */
  origin: string;
  /** Answers the page's `/api/...` calls, for a signed-out visitor. */
  fetch: typeof fetch;
}

/** apps/web src/entry-server.tsx, as `npm run build` builds it into apps/web/dist-ssr/entry-server.js. */
interface EntryServer {
  STATE_ELEMENT_ID: string;
  render(req: RenderRequest): Promise<{ html: string; state: unknown } | null>;
}

/** The web app's server renderer of public pages (issue #11 items 2 and 3). */
export interface Renderer {
  /**
   * The page's `#root` markup and state, with the id of the element the state goes in;
   * null when the page is not one to render on the server (entry-server.tsx `render`).
   * @throws Error when rendering fails.
   */
  render(req: RenderRequest): Promise<{ html: string; state: unknown; stateId: string } | null>;
}

/**
 * The renderer built beside `webDist` (`<webDist>/../dist-ssr/entry-server.js`), imported on
 * the first page it renders, so that a server nobody visits signed out never loads the renderer.
 * null when that build is absent (a hand-made test build): pages are then rendered by the
 * browser alone.
 */
export function loadRenderer(webDist: string): Renderer | null {
  const file = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  let entry: Promise<EntryServer> | undefined;
  return {
    async render(req) {
      entry ??= import(pathToFileURL(file).href) as Promise<EntryServer>;
      const m = await entry;
      const page = await m.render(req);
      return page && { ...page, stateId: m.STATE_ELEMENT_ID };
    },
  };
}
