/**
 * A date for people in `lang`. 'long': 'May 8, 2025' / '2025년 5월 8일'; 'medium': 'May 8,
 * 2025' / '2025. 5. 8.'; with `withTime` the time follows ('May 8, 2025 at 3:04 PM' /
 * '2025년 5월 8일 오후 3:04'). Empty for an invalid date.
 */
export function formatDate(iso: string, lang: string, withTime = false, style: 'long' | 'medium' = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang, { dateStyle: style, ...(withTime ? { timeStyle: 'short' } : {}) }).format(date);
}
