import type { RouteGroup } from '../../deps.ts';

/** GET /api/metaData/getMeta (SPEC §7 same-origin metadata). Filled in by the metadata work. */
export const metadataRoutes: RouteGroup = async () => {};
