/**
 * Whether `value` — a string, or any string (key or value) inside the objects and arrays of
 * a parsed request — holds U+0000, the one character PostgreSQL's text cannot store
 * (issue #18: `GET /api/archive/sauce/share/%00` answered 500). Looks 32 levels deep at most;
 * deeper input is refused by the schemas anyway.
 */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\0') || hasNul(v, depth + 1));
}
