import { createEvent, fireEvent } from '@testing-library/preact';

/**
 * Fires the `change` event a browser sends when a file is chosen or a select's option picked.
 * `fireEvent.change` of @testing-library/preact sends `input` instead, which is right for text
 * fields (preact/compat gives their `onChange` the input event, as React does) but not for
 * file inputs and selects, whose `onChange` listens to `change`.
 * @param el the file input or select
 * @param init the properties to set first, e.g. `{ target: { files: [file] } }`
 */
export function fireChange(el: Element, init: object): boolean {
  return fireEvent(el, createEvent.change(el, init));
}
