/**
 * Issue #21 item 4: the dashboard's colour choices, mid-saturation so they meet the muted
 * colours photos have (the list matches within ΔE_OK 0.1 of the colour chosen).
 */
export const COLOUR_PRESETS = [
  { name: 'red', hex: '#d6453d' },
  { name: 'orange', hex: '#e8833a' },
  { name: 'yellow', hex: '#f2cf4a' },
  { name: 'green', hex: '#5b9a4b' },
  { name: 'teal', hex: '#3f9c9a' },
  { name: 'blue', hex: '#3f7fc4' },
  { name: 'purple', hex: '#7d5bb5' },
  { name: 'pink', hex: '#e48fb0' },
  { name: 'brown', hex: '#8b5a2b' },
  { name: 'black', hex: '#222222' },
  { name: 'grey', hex: '#8a8a8a' },
  { name: 'white', hex: '#f5f5f5' },
] as const;

/** `#rrggbb`: the list's `color` filter's only form. */
const HEX = /^#[0-9a-f]{6}$/;

/** A colour from the URL, lower case, or undefined when it is not `#rrggbb`. */
export function readColour(value: string | null): string | undefined {
  const v = value?.trim().toLowerCase();
  return v && HEX.test(v) ? v : undefined;
}

/** The preset's name of `hex`, if it is one. */
export const presetOf = (hex: string) => COLOUR_PRESETS.find((p) => p.hex === hex)?.name;
