const MB = 1_048_576;

/** A byte limit the way SPEC §8 writes it: 5,242,880 → '5.0MB'. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1)}MB`;
}

/** Bytes for people: '0 B', '812 KB', '4.2 MB', '1.3 GB' (1 KB = 1,024 bytes), in `lang`'s digits. */
export function formatBytes(bytes: number, lang = 'en'): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(lang, { maximumFractionDigits: digits })} ${units[unit]}`;
}
