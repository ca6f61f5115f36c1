/**
 * Keeps a form control showing `kept`, the value its state takes after a change, where that
 * differs from what the person typed or picked (a character past a limit, a refused
 * character, a choice still to be confirmed). React restores a controlled control to its
 * state after every change; Preact (preact/compat) only when the component renders again,
 * which it skips when the state does not change, so the control would show what the state
 * refused. Call it in `onChange` wherever the kept value may differ from the control's.
 * @param control the input, textarea or select of the change event (`e.currentTarget`)
 * @param kept the value kept, e.g. the typed text cut to its length limit
 * @returns `kept`, for the state
 */
export function keepValue(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, kept: string): string {
  if (control.value !== kept) control.value = kept;
  return kept;
}
