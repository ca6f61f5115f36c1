/** Base64url of bytes, without padding (RFC 4648 §5). */
export function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new secret verifier: 32 random bytes, base64url (43 characters; RFC 7636 §4.1). */
export function makeVerifier(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The challenge of a verifier: base64url(SHA-256(verifier)) (RFC 7636 §4.2, S256). */
export async function challengeOf(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}
