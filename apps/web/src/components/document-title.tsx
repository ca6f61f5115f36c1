import { useEffect, useRef } from 'react';

/** The titles asked for by mounted components, in the order they mounted. */
const titles: { text: string; fallback: boolean }[] = [];
const show = () => {
  const own = titles.filter((t) => !t.fallback);
  document.title = (own.at(-1) ?? titles.at(-1))?.text ?? 'Sauce';
};

/**
 * Sets the document's title to `title` while the component is mounted, e.g. 'Grid ideas ·
 * Sauce'. A `fallback` title (the layout's, from the route) shows only while no page asks for
 * its own; among titles of the same kind the one mounted last shows. When one unmounts, the
 * title it covered shows again; with none, 'Sauce'. (A rendered `<title>`, which React 19
 * moves into the head, would know no precedence between the layout's and a page's. Nothing
 * happens on the server, whose page head has its own title, apps/api routes/web.)
 */
export function useDocumentTitle(title: string, { fallback = false }: { fallback?: boolean } = {}): void {
  const entry = useRef<{ text: string; fallback: boolean } | null>(null);
  useEffect(() => {
    const mine = { text: title, fallback };
    entry.current = mine;
    titles.push(mine);
    show();
    return () => {
      titles.splice(titles.indexOf(mine), 1);
      show();
    };
    // Mounted once; changes of the title are the next effect's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    entry.current!.text = title;
    show();
  }, [title]);
}

/** A page's own title as an element, where the page knows it: `<DocumentTitle>{`${name} · Sauce`}</DocumentTitle>`. */
export function DocumentTitle({ children }: { children: string }) {
  useDocumentTitle(children);
  return null;
}
