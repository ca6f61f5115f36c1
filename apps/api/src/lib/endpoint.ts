import { ENDPOINTS, type Endpoint, type EndpointSchema, type Method } from '@sauce/contract/endpoints';

type Entry<E extends Endpoint> = (typeof ENDPOINTS)[E];
/** The Fastify schema of endpoint `E`: its table entry in Fastify's names (querystring; the answer as response 200). */
type SchemaOf<E extends Endpoint> = { operationId: Entry<E>['operationId'] } & (Entry<E> extends { answer: infer A } ? { response: { 200: A } } : unknown) &
  (Entry<E> extends { params: infer P } ? { params: P } : unknown) &
  (Entry<E> extends { query: infer Q } ? { querystring: Q } : unknown) &
  (Entry<E> extends { body: infer B } ? { body: B } : unknown);

/** What a route adds to its endpoint's schema for the OpenAPI document (summary, tags, security…). */
export interface RouteDoc {
  summary: string;
  tags: string[];
  description?: string;
  security?: Array<Record<string, string[]>>;
  hide?: boolean;
}

/**
 * Issue #30 item 3: the method, url and schema of endpoint `endpoint` from the contract's
 * table (packages/contract/src/endpoints.ts), with the route's `doc` for the OpenAPI
 * document, to spread into `app.route({ ...endpoint(…), config, handler })`. The handler's
 * request is then typed by the table's schemas, and validation and the OpenAPI operation
 * follow them (a multipart form's `consumes`, a stream's `produces` included). `endpoint` is
 * the table's key, 'METHOD /path' under /api.
 */
export function endpoint<E extends Endpoint>(
  endpoint: E,
  doc: RouteDoc,
): { method: E extends `${infer M extends Method} ${string}` ? M : never; url: E extends `${Method} ${infer P}` ? P : never; schema: SchemaOf<E> & RouteDoc } {
  const space = endpoint.indexOf(' ');
  const entry = ENDPOINTS[endpoint] as EndpointSchema;
  const schema = {
    operationId: entry.operationId,
    ...(entry.params ? { params: entry.params } : {}),
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(entry.body ? { body: entry.body } : {}),
    ...(entry.form ? { consumes: ['multipart/form-data'] } : {}),
    ...(entry.answer ? { response: { 200: entry.answer } } : {}),
    ...(entry.produces ? { produces: [...entry.produces] } : {}),
    ...doc,
  };
  return { method: endpoint.slice(0, space), url: endpoint.slice(space + 1), schema } as never;
}
