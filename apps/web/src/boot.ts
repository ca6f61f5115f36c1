// The only script of a page the server rendered (issue #11 items 2 and 3): the page is
// complete as HTML, so the app (main.tsx and its chunks) loads when the visitor first shows
// intent — moves the pointer, touches, scrolls, types or focuses — not before. What the
// visitor did while it loaded is not lost: a click on a control is held and replayed once
// the page is hydrated, and text typed into a field is handed to the app as a change. Links
// work without the app: the server renders the page they lead to.

const INTENT = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'scroll', 'keydown', 'focusin'] as const;
/** Controls whose click does nothing until the app runs. */
const CONTROL = 'button, [role="button"], summary, label';

let held: HTMLElement | null = null;
let loaded = false;

function hold(e: MouseEvent) {
  if (loaded) return;
  const control = (e.target as Element | null)?.closest?.<HTMLElement>(CONTROL);
  if (!control) return;
  e.preventDefault();
  held = control;
}

function start() {
  for (const type of INTENT) removeEventListener(type, start, true);
  void import('./main.tsx').then(async ({ started }) => {
    await started;
    loaded = true;
    document.removeEventListener('click', hold, true);
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) replayTyping(field);
    if (held?.isConnected) held.click();
  });
}

/**
 * Tells the app about text typed into `field` before it ran, as an `input` event (a field's
 * `onChange`). The server's value is set through the element's own `value` property and the
 * typed one through the prototype's setter, so that a renderer that tracks the value through
 * that property (React does) sees a change too.
 */
function replayTyping(field: HTMLInputElement | HTMLTextAreaElement) {
  const typed = field.value;
  if (typed === field.defaultValue) return;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

document.addEventListener('click', hold, true);
for (const type of INTENT) addEventListener(type, start, { capture: true, passive: true });
