import { createHash } from 'node:crypto';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Response serializer: the route's zod response schema, turned into JSON Schema and
 * compiled by fast-json-stringify. It writes only the fields the schema names (so nothing
 * leaks when a row gains a column) and is several times faster than validating every
 * response with zod and then JSON.stringify (measured by `npm run bench`). Compiled on the
 * route's first response, not at start: compiled for every route at once they held about
 * 3 MB of an idle server (issue #11 item 7), most routes unused by a given process.
 */
export function responseSerializer({ schema }: { schema: unknown }): (value: unknown) => string {
  let compiled: ((value: unknown) => string) | undefined;
  return (value) => {
    if (!compiled) {
      const json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
      compiled = fastJson(nullableInsteadOfAnyOf(json) as Parameters<typeof fastJson>[0]);
    }
    return compiled(value);
  };
}

/**
 * zod writes `.nullable()` of an object as `anyOf: [schema, { type: 'null' }]`.
 * fast-json-stringify serializes an `anyOf` by validating the value against each branch with
 * ajv at run time — for a list page, 200 validations of `textCard`/`textSauce`, a third of
 * its serialization time. The same schema marked `nullable: true` costs one `=== null` test.
 * Returns a copy with every such pair rewritten; any other `anyOf` is left as it is.
 */
export function nullableInsteadOfAnyOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableInsteadOfAnyOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = nullableInsteadOfAnyOf(v);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return out;
  const isNull = (b: unknown) => JSON.stringify(b) === '{"type":"null"}';
  const other = (isNull(branches[0]) ? branches[1] : isNull(branches[1]) ? branches[0] : undefined) as
    | Record<string, unknown>
    | undefined;
  // Only a plain single-type branch: its type decides how it is written, so nothing is lost.
  if (!other || typeof other.type !== 'string' || other.type === 'null' || 'nullable' in other) return out;
  delete out.anyOf;
  return { ...out, ...other, nullable: true };
}

/**
 * A short name (10 characters) of `schema`'s wire shape: it changes when the response's shape
 * does (a deploy), so a cache key or an ETag naming it never serves an old-format body.
 */
export function wireFormat(schema: z.ZodType): string {
  const json = JSON.stringify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
  return createHash('sha256').update(json).digest('base64url').slice(0, 10);
}
