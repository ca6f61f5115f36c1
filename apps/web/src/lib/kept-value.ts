/**
 * The value a text field keeps after a change: `transform(field.value)`, written back into the
 * field when it differs from what was typed (a character past a limit, a refused character).
 * React restores a controlled field to its state after every change; Preact (preact/compat)
 * only when the component renders again, which it skips when the state does not change, so
 * the field would show what the state refused. Call it in `onChange` wherever the kept value
 * may differ from the field's.
 * @param field the input or textarea of the change event (`e.currentTarget`)
 * @param transform from the field's text to the text kept, e.g. a clamp to a length
 * @returns the text kept, for the state
 */
export function keptValue(field: HTMLInputElement | HTMLTextAreaElement, transform: (raw: string) => string): string {
  const kept = transform(field.value);
  if (kept !== field.value) field.value = kept;
  return kept;
}
