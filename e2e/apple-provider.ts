import { hybridClient, startOidcProvider } from '../apps/api/src/test/oidc-provider.ts';

/**
 * The stand-in for Sign in with Apple that the browser tests' servers use (issue #31 item 4):
 * a real OpenID provider (apps/api/src/test/oidc-provider.ts) on `localhost` — the same site
 * as the app, so its form_post to the app's callback carries the app's SameSite=Lax sign-in
 * cookies over plain http, as Apple's carries the SameSite=None ones over https. Every
 * authorization signs in a person Sauce has never seen (a fresh subject), so each one is a
 * sign-up. Started by e2e/playwright.config.ts as a web server; runs until it is stopped.
 *
 * Environment: APPLE_PROVIDER_PORT (its port), APPLE_CLIENT_ID, APPLE_REDIRECT_URIS (the
 * app servers' callbacks, comma-separated).
 */
const port = Number(process.env.APPLE_PROVIDER_PORT);
const clientId = process.env.APPLE_CLIENT_ID ?? '';
const redirectUris = (process.env.APPLE_REDIRECT_URIS ?? '').split(',').filter(Boolean);
if (!port || !clientId || redirectUris.length === 0) {
  throw new Error('Set APPLE_PROVIDER_PORT, APPLE_CLIENT_ID and APPLE_REDIRECT_URIS');
}
const client = hybridClient(clientId, redirectUris[0]!);
const provider = await startOidcProvider({
  // 'native': oidc-provider allows a web client's implicit and hybrid flows only to https
  // addresses off localhost; a native one may use http on loopback, as the servers here do.
  clients: [{ ...client, application_type: 'native', redirect_uris: [...redirectUris, ...client.redirect_uris!] }],
  host: 'localhost',
  port,
});
console.log(`Apple stand-in at ${provider.issuer}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void provider.close().then(() => process.exit(0)));
