import { useState } from 'react';

/**
 * True from the first render where `value` is true on: a lazily loaded dialog is mounted
 * when it first opens and stays mounted, so that closing it still animates (issue #11 item 2).
 */
export function useHasBeenTrue(value: boolean): boolean {
  const [was, setWas] = useState(value);
  if (value && !was) setWas(true);
  return was || value;
}
