/** SPEC §4: the local-storage key of the article a signed-out person tried to save. */
export const CLICKED_ARTICLE_KEY = 'clickedArticle';
/** When it was stored (ms since the epoch): an old one is not acted on. */
const CLICKED_AT_KEY = 'clickedArticleAt';
/** How long a remembered save waits for the sign-in, ms (15 minutes). */
export const CLICKED_ARTICLE_TTL_MS = 15 * 60 * 1000;

/** Remembers the article to save after sign-in (SPEC §4 Unauthenticated save). */
export function rememberClickedArticle(id: number, now = Date.now()) {
  try {
    localStorage.setItem(CLICKED_ARTICLE_KEY, String(id));
    localStorage.setItem(CLICKED_AT_KEY, String(now));
  } catch {
    // Storage off (private mode): the dialog simply will not reopen after sign-in.
  }
}

/** The remembered article id, or null (none, malformed, or older than 15 minutes). */
export function readClickedArticle(now = Date.now()): number | null {
  try {
    const id = Number(localStorage.getItem(CLICKED_ARTICLE_KEY));
    const at = Number(localStorage.getItem(CLICKED_AT_KEY));
    if (!Number.isInteger(id) || id <= 0) return null;
    return Number.isFinite(at) && now - at <= CLICKED_ARTICLE_TTL_MS ? id : null;
  } catch {
    return null;
  }
}

export function forgetClickedArticle() {
  try {
    localStorage.removeItem(CLICKED_ARTICLE_KEY);
    localStorage.removeItem(CLICKED_AT_KEY);
  } catch {
    // nothing to do
  }
}
