import { z } from 'zod';

/** SPEC §3 Metadata result; empty strings when a field is unknown. */
export const zMetadata = z.object({
  title: z.string(),
  description: z.string(),
  image: z.string(),
});
export type Metadata = z.infer<typeof zMetadata>;
