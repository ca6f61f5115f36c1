import { z } from 'zod';
import { ok } from '../common.ts';
import type { EndpointTable } from '../endpoints.ts';
import { zMetadata } from '../meta.ts';
import { zLink } from '../sauces.ts';

/** SPEC §7 same-origin metadata: the metadata route's part of the endpoint table (../endpoints.ts). */
export const metadataEndpoints = {
  'GET /metaData/getMeta': { operationId: 'getLinkMetadata', query: z.object({ url: zLink }), answer: ok(zMetadata) },
} as const satisfies EndpointTable;
