/** Query parameters that only track where a click came from; dropped from canonical URLs. */
const TRACKING = /^(utm_\w+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|yclid|_hsenc|_hsmi|ref|ref_src|source|spm)$/i;

/**
 * The de-duplication key of an article link (issue #10: feeds, seeds and admins add the
 * same article once): https, lower-case host without `www.`, no default port, no
 * fragment, no tracking parameters (utm_*, fbclid, gclid, ref…), the rest sorted, no
 * trailing slash but on the root. Not for display: the article keeps its own URL.
 * @throws TypeError for a string that is not a URL.
 */
export function canonicalUrl(input: string): string {
  const url = new URL(input.trim());
  url.protocol = 'https:';
  url.hostname = url.hostname.toLowerCase().replace(/^www\./, '');
  url.port = '';
  url.hash = '';
  const params = [...url.searchParams].filter(([k]) => !TRACKING.test(k)).sort(([a], [b]) => a.localeCompare(b));
  url.search = '';
  for (const [k, v] of params) url.searchParams.append(k, v);
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  return url.href;
}
