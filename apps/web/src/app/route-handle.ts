import { useMatches } from 'react-router';

/** What a route tells the shell (set as the route's `handle`). */
export interface RouteHandle {
  /** i18n key (namespace shell) of the page title, SPEC §2 "Each route has a page title". */
  title: string;
  /** Opens without sign-in (SPEC §2: article, landing, shared source). */
  public?: boolean;
  /** Shows the sidebar: `true` the folders (signed in), 'categories' the article categories (anyone). */
  sidebar?: boolean | 'categories';
  /** Shows the Source/Article tab switcher. */
  tabs?: boolean;
}

/** The deepest matched route's handle. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle as RouteHandle | undefined;
    if (h?.title) return h;
  }
  return undefined;
}
