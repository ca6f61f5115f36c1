import type { Metadata } from '@sauce/contract/meta';

export const EMPTY_METADATA: Metadata = { title: '', description: '', image: '' };

/**
 * Link metadata of `url` (SPEC §7 same-origin metadata). Placeholder until the metadata
 * work lands: always empty.
 */
export async function getMetadata(_url: string, _opts: { allowPrivate: boolean }): Promise<Metadata> {
  return EMPTY_METADATA;
}
