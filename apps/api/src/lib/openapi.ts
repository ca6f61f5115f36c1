import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { COOKIES, CSRF_HEADER } from '@sauce/contract/common';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** A JSON schema, as the OpenAPI document holds it. */
type Schema = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The multipart form a route reads itself (lib/multipart.ts), described for the OpenAPI
     * document only: such a body is not validated by a schema. Made by {@link multipartForm}.
     */
    form?: Schema;
  }
}

/** `security` of a route anyone may call, signed in or not (sign-in, public shares). */
export const PUBLIC: Array<Record<string, string[]>> = [];
/** `security` of a route that answers signed out too, and says more signed in. */
export const SIGN_IN_OPTIONAL: Array<Record<string, string[]>> = [{}, { bearer: [] }, { personalToken: [] }, { cookie: [] }];

/**
 * The OpenAPI description of a multipart form: `parts` names each part — a file (`binary`)
 * or a text field — with what it is; `required` the parts that must be sent.
 */
export function multipartForm(parts: Record<string, { file?: true; description: string }>, required: string[]): Schema {
  return {
    type: 'object',
    required,
    properties: Object.fromEntries(
      Object.entries(parts).map(([name, p]) => [name, { type: 'string', ...(p.file ? { format: 'binary' } : {}), description: p.description }]),
    ),
  };
}

/** The error envelope every refusal is sent in (errors.ts, app.ts's error handler). */
const ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'A stable code, e.g. INVALID_FORMAT, UNAUTHENTICATED, NOT_FOUND, LIMIT_REACHED.' },
        message: { type: 'string', description: 'For people; may change.' },
        details: { description: 'More about the error, by code (e.g. `limitBytes`, `resource` and `limit`).' },
      },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

/**
 * OpenAPI 3.0 has no `type: null`: zod's nullable unions come out as `{ nullable, anyOf }`
 * without a type, which generators read as they like. The `nullable` goes to each member
 * that has a type instead (same meaning). Walks `node` in place.
 */
function nullableIntoUnions(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableIntoUnions);
  if (!node || typeof node !== 'object') return;
  const o = node as Schema;
  const union = (o.anyOf ?? o.oneOf) as Schema[] | undefined;
  if (o.nullable === true && o.type === undefined && union) {
    delete o.nullable;
    for (const member of union) if (member.type !== undefined) member.nullable = true;
  }
  for (const value of Object.values(o)) nullableIntoUnions(value);
}

/**
 * Options of @fastify/swagger for the app's OpenAPI document (issue #11 item 6: one that
 * Redocly's recommended ruleset passes and client generators can trust):
 * - info with the license, and the security schemes: a bearer access token, or the session
 *   cookie — with the anti-forgery header on writes;
 * - each route's zod schemas converted (fastify-type-provider-zod), with its multipart form
 *   (`config.form`) as its request body;
 * - every operation's security: a route's own (`PUBLIC`, `SIGN_IN_OPTIONAL`), else signed in
 *   (bearer, or cookie — plus the CSRF header for POST, PUT, PATCH and DELETE);
 * - the error envelope for 4XX and 5XX answers of every operation;
 * - nullable unions given a type (see nullableIntoUnions).
 */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: 'Sauce API',
      version: '0.1.0',
      description:
        'The API of Sauce, a team reference archive. Answers are `{ success: true, data }`; refusals ' +
        '`{ success: false, error: { code, message, details? } }`. Sign in with a bearer access token, ' +
        `or in a browser with the session cookie and the \`${CSRF_HEADER}\` header on writes.`,
      license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
    },
    servers: [{ url: '/', description: 'This server' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from a sign-in or refresh (15 minutes).' },
        personalToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sauce_pat_…',
          description:
            'Issue #20: a personal access token from /mypage (or POST /api/auth/tokens), sent as `Authorization: Bearer sauce_pat_…`. ' +
            'A `read` token may only GET (writes answer 403); a `write` token may do what its person may, except managing tokens and deleting the account.',
        },
        cookie: { type: 'apiKey', in: 'cookie', name: COOKIES.access, description: 'The HttpOnly session cookie a browser sign-in sets.' },
        csrf: {
          type: 'apiKey',
          in: 'header',
          name: CSRF_HEADER,
          description: `With the session cookie, writes repeat the \`${COOKIES.csrf}\` cookie's value in this header.`,
        },
      },
      schemas: { Error: ERROR_SCHEMA },
    },
  },
  transform: (input) => {
    const out = jsonSchemaTransform(input);
    const form = input.route.config?.form;
    const withForm = form ? { ...out, schema: { ...out.schema, body: form } } : out;
    // Issue #20: routes personal access tokens cannot call name the session alone.
    if (input.route.config?.personalTokens === false && !(withForm.schema as Schema).security) {
      const unsafe = UNSAFE.has(String(input.route.method).toLowerCase());
      return { ...withForm, schema: { ...withForm.schema, security: unsafe ? [{ bearer: [] }, { cookie: [], csrf: [] }] : [{ bearer: [] }, { cookie: [] }] } };
    }
    return withForm;
  },
  transformObject: (documentObject) => {
    const doc = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
    for (const pathItem of Object.values(doc.paths ?? {}) as Record<string, Schema>[]) {
      for (const [method, op] of Object.entries(pathItem)) {
        op.security ??= UNSAFE.has(method)
          ? [{ bearer: [] }, { personalToken: [] }, { cookie: [], csrf: [] }]
          : [{ bearer: [] }, { personalToken: [] }, { cookie: [] }];
        const responses = (op.responses ??= {}) as Schema;
        responses['4XX'] ??= errorResponse('Refused: the error envelope with a stable code (400, 401, 403, 404, 409, 410, 413, 415, 422, 426, 429).');
        responses['5XX'] ??= errorResponse('Server error or database unavailable (503, with Retry-After).');
      }
    }
    nullableIntoUnions(doc.paths);
    return doc;
  },
};
