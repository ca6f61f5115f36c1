/**
 * A ref callback that focuses its element once it is in the page: what React's `autoFocus`
 * did. Preact passes `autoFocus` on as the HTML attribute, which browsers honour only while the
 * page loads, not on an element shown later (a dialog's field, an editor that opens).
 * Use `ref={focusOnMount}` (a stable function, so it runs on mount only).
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
