import type { z } from 'zod';
import { accountEndpoints } from './endpoints/account.ts';
import { authEndpoints } from './endpoints/auth.ts';
import { cspReportEndpoints } from './endpoints/csp-report.ts';
import { discoveryEndpoints } from './endpoints/discovery.ts';
import { folderEndpoints } from './endpoints/folders.ts';
import { metadataEndpoints } from './endpoints/metadata.ts';
import { noticeEndpoints } from './endpoints/notices.ts';
import { sauceEndpoints } from './endpoints/sauces.ts';
import { shareEndpoints } from './endpoints/shares.ts';
import { tagEndpoints } from './endpoints/tags.ts';
import { workspaceEndpoints } from './endpoints/workspaces.ts';

/**
 * Issue #30 item 3: one table of the API's endpoints. Each entry is keyed by its method and
 * path under /api (`'GET /archive/folder/:workspace/list'`) and gives, once, its OpenAPI
 * operationId, the schemas of its path parameters, query, body, and its 200 answer (the
 * whole body, `{ success: true, data }`). The API registers each route from its entry
 * (apps/api/src/lib/endpoint.ts: validation and the OpenAPI document follow); the web app
 * calls it with `call('GET /archive/…', { params, query, body })` (apps/web/src/lib/call.ts),
 * typed from this table by `import type` only: the key is the method and the path, so no
 * table and no zod reach the page. A test (apps/api/src/route-table.test.ts) checks that
 * every entry has its route and every route of the API its entry.
 */
export const ENDPOINTS = {
  ...accountEndpoints,
  ...authEndpoints,
  ...cspReportEndpoints,
  ...discoveryEndpoints,
  ...folderEndpoints,
  ...metadataEndpoints,
  ...noticeEndpoints,
  ...sauceEndpoints,
  ...shareEndpoints,
  ...tagEndpoints,
  ...workspaceEndpoints,
} satisfies EndpointTable;

/** An HTTP method of the API. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What the table says of one endpoint. */
export interface EndpointSchema {
  /** Its name in the OpenAPI document. */
  operationId: string;
  /** Its path parameters (each `:name` of the path). */
  params?: z.ZodType;
  query?: z.ZodType;
  /** Its JSON body. */
  body?: z.ZodType;
  /** It takes a multipart form instead (the caller sends FormData; the route reads and checks its parts). */
  form?: true;
  /** Its 200 answer, whole; absent when it answers no JSON (then `produces` says what). */
  answer?: z.ZodType;
  /** The media types it answers when not JSON (e.g. `text/event-stream`). */
  produces?: readonly string[];
}

/** A group's part of the table: `'METHOD /path'` → its schemas. */
export type EndpointTable = Record<`${Method} /${string}`, EndpointSchema>;

/** An endpoint of the API: its method and its path under /api, with `:name` parameters. */
export type Endpoint = keyof typeof ENDPOINTS;
type Entry<E extends Endpoint> = (typeof ENDPOINTS)[E];

/** The `:name` parameters of a path, each a string or a number on the caller's side. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : unknown;

/** A query value as a caller passes it: a coerced field (`unknown` in) takes a string, number or boolean, or a list of them repeated. */
type QueryValue<T> = unknown extends T ? string | number | boolean | null | undefined | (string | number)[] : T;
/** The query of endpoint `E` as a caller passes it. */
export type Query<E extends Endpoint> = Entry<E> extends { query: infer Q extends z.ZodType }
  ? { [K in keyof z.input<Q>]?: QueryValue<z.input<Q>[K]> }
  : never;
/** The JSON body endpoint `E` takes. */
export type Body<E extends Endpoint> = Entry<E> extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : Entry<E> extends { form: true }
    ? FormData
    : never;
type AnswerBody<E extends Endpoint> = Entry<E> extends { answer: infer A extends z.ZodType } ? z.output<A> : never;
/** What endpoint `E` answers: the `data` of its `{ success: true, data }`, else the whole body. */
export type Answer<E extends Endpoint> = AnswerBody<E> extends { success: true; data: infer D } ? D : AnswerBody<E>;

type PathOf<E extends string> = E extends `${Method} ${infer P}` ? P : never;
/** Keys present only when the endpoint has them: `params` for a path with parameters, `query`, `body` (optional when it may be left out). */
export type CallArgs<E extends Endpoint> = (PathParams<PathOf<E>> extends infer P ? (unknown extends P ? unknown : { params: P }) : never) &
  ([Query<E>] extends [never] ? unknown : { query?: Query<E> }) &
  ([Body<E>] extends [never] ? unknown : undefined extends Body<E> ? { body?: Body<E> } : { body: Body<E> });
