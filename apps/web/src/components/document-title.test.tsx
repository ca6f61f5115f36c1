import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { DocumentTitle, useDocumentTitle } from './document-title.tsx';

afterEach(cleanup);

/** A layout with a route title around a page that may have its own. */
function Shell({ route, page }: { route: string; page: string | null }) {
  useDocumentTitle(route, { fallback: true });
  return page === null ? null : <DocumentTitle>{page}</DocumentTitle>;
}

describe('DocumentTitle', () => {
  it("shows the page's own title over the route's, and the route's again once the page has none", () => {
    const view = render(<Shell route="Sources · Sauce" page="Grid ideas · Sauce" />);
    expect(document.title).toBe('Grid ideas · Sauce');
    act(() => view.rerender(<Shell route="Sources · Sauce" page="Colour · Sauce" />));
    expect(document.title).toBe('Colour · Sauce');
    act(() => view.rerender(<Shell route="Articles · Sauce" page={null} />));
    expect(document.title).toBe('Articles · Sauce');
    act(() => view.rerender(<Shell route="Articles · Sauce" page="A shared note · Sauce" />));
    expect(document.title).toBe('A shared note · Sauce');
    act(() => view.unmount());
    expect(document.title).toBe('Sauce');
  });
});
