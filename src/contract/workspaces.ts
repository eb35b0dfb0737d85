import { z } from 'zod';

/** A customer company (DESIGN §3): the profile and the sidebar show its name. */
export const workspaceSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspaceSchema>;
