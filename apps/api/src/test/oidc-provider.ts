import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider, { type Adapter, type AdapterPayload, type ClientMetadata } from 'oidc-provider';

/** The profile a test account's ID tokens carry. */
export interface OidcAccount {
  email?: string;
  /** Apple sends the string 'true' / 'false'. */
  emailVerified?: boolean | 'true' | 'false';
  name?: string;
}

/** A private JSON Web Key Set (the provider's signing keys). */
export type PrivateJwks = { keys: JWK[] };

/** The outcome of an authorization: the redirect's or form_post's parameters and target. */
export interface AuthorizationResult {
  /** Where the browser is sent (the client's redirect_uri). */
  action: string;
  /** 'form_post' when the provider answered with an auto-submitting form, else 'redirect'. */
  via: 'form_post' | 'redirect';
  fields: Record<string, string>;
}

/** A real OpenID provider on loopback, the stand-in for Google and Apple in tests. */
export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>`; the `iss` of its ID tokens. */
  issuer: string;
  jwksUrl: string;
  authorizeUrl: string;
  /** Its private signing keys: start another provider with them for a wrong-issuer token. */
  keys: PrivateJwks;
  /** Profiles by subject; unknown subjects get `<sub>@example.com`, verified, no name. */
  accounts: Map<string, OidcAccount>;
  /**
   * Runs an authorization request as a browser would (`url` at this provider; `subject`
   * signs in and consents, passed as login_hint) and returns where it sends the browser.
   */
  authorize(url: string | URL, subject: string): Promise<AuthorizationResult>;
  /** A real ID token for `clientId` (implicit flow, response_type id_token). */
  idToken(opts: { clientId: string; subject: string; nonce?: string; redirectUri?: string }): Promise<string>;
  /** A token with this provider's issuer and key id, signed by another key (a forgery). */
  forge(opts: { clientId: string; subject: string; nonce?: string }): Promise<string>;
  close(): Promise<void>;
}

/** The origin the test clients' redirect URIs point to (never contacted). */
export const TEST_APP_ORIGIN = 'https://sauce.test';

/** A client that gets ID tokens directly (implicit flow), like Google's web sign-in. */
export const implicitClient = (clientId: string): ClientMetadata => ({
  client_id: clientId,
  redirect_uris: [`${TEST_APP_ORIGIN}/cb/${clientId}`],
  response_types: ['id_token'],
  grant_types: ['implicit'],
  token_endpoint_auth_method: 'none',
});

/** A client like Sign in with Apple on the web: 'code id_token' to `redirectUri` (form_post). */
export const hybridClient = (clientId: string, redirectUri: string): ClientMetadata => ({
  client_id: clientId,
  client_secret: randomBytes(16).toString('hex'),
  redirect_uris: [redirectUri, `${TEST_APP_ORIGIN}/cb/${clientId}`],
  response_types: ['code id_token', 'id_token'],
  grant_types: ['authorization_code', 'implicit'],
});

async function newKey(): Promise<{ jwk: JWK; privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'] }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { jwk: { ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }, privateKey };
}

/** oidc-provider's storage, in memory for one provider (its built-in one warns on every start). */
function memoryAdapter() {
  const store = new Map<string, AdapterPayload>();
  return class MemoryAdapter implements Adapter {
    constructor(readonly name: string) {}
    private key = (id: string) => `${this.name}:${id}`;
    async upsert(id: string, payload: AdapterPayload) {
      store.set(this.key(id), payload);
    }
    async find(id: string) {
      return store.get(this.key(id));
    }
    async findByUserCode(userCode: string) {
      return [...store.values()].find((p) => p.userCode === userCode);
    }
    async findByUid(uid: string) {
      return [...store.values()].find((p) => p.uid === uid);
    }
    async consume(id: string) {
      const p = store.get(this.key(id));
      if (p) p.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [k, p] of store) if (p.grantId === grantId) store.delete(k);
    }
  };
}

const decodeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Starts `oidc-provider` on `host` (127.0.0.1 by default) at `port` (a free one by default)
 * with `clients`, signing with `keys` (fresh RS256 ones by default). Interactions are
 * answered without a page: the account in `login_hint` logs in and consents; a request
 * without one (a browser sent by the app, which names nobody) gets a fresh subject each
 * time, a person the app has never seen. Like Apple, it issues an ID token for a scope
 * without 'openid' (it adds 'openid' to such requests). Close it after the file.
 */
export async function startOidcProvider(opts: {
  clients: ClientMetadata[];
  keys?: PrivateJwks;
  host?: string;
  port?: number;
}): Promise<TestOidcProvider> {
  const keys = opts.keys ?? { keys: [(await newKey()).jwk] };
  const accounts = new Map<string, OidcAccount>();
  const server = createServer();
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: opts.clients,
    adapter: memoryAdapter(),
    jwks: keys as never,
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => {
        const a = accounts.get(sub) ?? {};
        return { sub, email: a.email ?? `${sub}@example.com`, email_verified: a.emailVerified ?? true, name: a.name };
      },
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false, // put the scope's claims (email) into the ID token
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => false },
    ttl: { Interaction: 600, Session: 600, Grant: 600, IdToken: 3600, AuthorizationCode: 60 },
    cookies: { keys: [randomBytes(16).toString('hex')] },
  });
  const handle = provider.callback();

  async function finishInteraction(req: IncomingMessage, res: ServerResponse) {
    const { params } = await provider.interactionDetails(req, res);
    const accountId = String(params.login_hint ?? `new-${randomBytes(6).toString('hex')}`);
    const grant = new provider.Grant({ accountId, clientId: String(params.client_id) });
    grant.addOIDCScope(String(params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, {
      mergeWithLastSubmission: false,
    });
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/auth') {
      const scope = (url.searchParams.get('scope') ?? '').split(' ').filter(Boolean);
      if (url.searchParams.get('response_type')?.includes('id_token') && !scope.includes('openid')) {
        url.searchParams.set('scope', ['openid', ...scope].join(' '));
        req.url = `${url.pathname}${url.search}`;
      }
    }
    if (/^\/interaction\/[\w-]+$/.test(url.pathname)) {
      finishInteraction(req, res).catch((e: Error) => {
        res.statusCode = 500;
        res.end(e.message);
      });
      return;
    }
    handle(req, res);
  });

  async function authorize(start: string | URL, subject: string): Promise<AuthorizationResult> {
    const jar = new Map<string, string>();
    let url = new URL(start);
    url.searchParams.set('login_hint', subject);
    for (let hop = 0; hop < 10; hop++) {
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const pair = line.split(';')[0]!;
        const eq = pair.indexOf('=');
        const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, url);
        if (next.origin === issuer) {
          url = next;
          continue;
        }
        const params = new URLSearchParams(next.hash ? next.hash.slice(1) : next.search);
        next.hash = '';
        next.search = '';
        return { action: next.toString(), via: 'redirect', fields: Object.fromEntries(params) };
      }
      const html = await res.text();
      const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
      if (res.status !== 200 || action === undefined) {
        throw new Error(`authorization failed: ${res.status} ${html.slice(0, 500)}`);
      }
      const fields: Record<string, string> = {};
      for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)) {
        fields[decodeHtml(m[1]!)] = decodeHtml(m[2]!);
      }
      return { action: decodeHtml(action), via: 'form_post', fields };
    }
    throw new Error('authorization: too many redirects');
  }

  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    authorizeUrl: `${issuer}/auth`,
    keys,
    accounts,
    authorize,
    async idToken({ clientId, subject, nonce = randomBytes(8).toString('hex'), redirectUri }) {
      const url = new URL(`${issuer}/auth`);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri ?? `${TEST_APP_ORIGIN}/cb/${clientId}`,
        response_type: 'id_token',
        scope: 'openid email profile',
        nonce,
      }).toString();
      const { fields } = await authorize(url, subject);
      if (!fields.id_token) throw new Error(`no id_token: ${JSON.stringify(fields)}`);
      return fields.id_token;
    },
    async forge({ clientId, subject, nonce }) {
      const { privateKey } = await newKey();
      return new SignJWT({ email: `${subject}@example.com`, email_verified: true, ...(nonce ? { nonce } : {}) })
        .setProtectedHeader({ alg: 'RS256', kid: keys.keys[0]!.kid! })
        .setIssuer(issuer)
        .setAudience(clientId)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
