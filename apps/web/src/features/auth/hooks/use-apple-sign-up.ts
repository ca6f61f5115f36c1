import { SIGN_UP_MARKER } from '@sauce/contract/http';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openSignIn } from '../../../lib/sign-in-modal.ts';
import { useAppStore } from '../../../state/app-store.ts';

const MARKER = `${SIGN_UP_MARKER.param}=${SIGN_UP_MARKER.apple}`;

/** `search` ('?a=1&signup=apple') without the Apple sign-up marker; the other parameters stay as written. */
export function withoutAppleMarker(search: string): string {
  const rest = search
    .replace(/^\?/, '')
    .split('&')
    .filter((p) => p !== '' && p !== MARKER);
  return rest.length ? `?${rest.join('&')}` : '';
}

/**
 * Issue #31 item 4: whether the page was reached with the Apple sign-up marker
 * (`?signup=apple`, which the API's Apple callback adds for a person new to Sauce, whose
 * verified identity then waits in an HttpOnly cookie for the terms, SPEC §4 Terms), and
 * `clear()`, which takes the marker off the address in place (a replace navigation of the
 * router: history.replaceState in the browser; path, other parameters, hash and scroll
 * stay).
 */
export function useAppleSignUpMarker(): { marked: boolean; clear(): void } {
  const location = useLocation();
  const navigate = useNavigate();
  const marked = new URLSearchParams(location.search).get(SIGN_UP_MARKER.param) === SIGN_UP_MARKER.apple;
  const { pathname, search, hash, state } = location;
  const clear = useCallback(() => {
    void navigate({ pathname, search: withoutAppleMarker(search), hash }, { replace: true, state, preventScrollReset: true });
  }, [navigate, pathname, search, hash, state]);
  return { marked, clear };
}

/**
 * For the app shell: opens the sign-in dialog (closable) when the page carries the Apple
 * sign-up marker; the dialog then shows the terms step for Apple (sign-in-dialog.tsx) and
 * takes the marker off once the person agrees or cancels.
 */
export function useAppleSignUpOnLoad(): void {
  const { marked } = useAppleSignUpMarker();
  useEffect(() => {
    if (marked && !useAppStore.getState().login.open) openSignIn(false);
  }, [marked]);
}
