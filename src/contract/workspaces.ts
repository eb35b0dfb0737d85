import { z } from 'zod';
import { isTimeZone } from './schedule';

/**
 * A customer company (docs/security.md#roles-and-tenancy): the profile and the sidebar show its name; campaigns play by its
 * time zone (docs/scheduling.md#time-zone, America/Sao_Paulo unless it chose another).
 */
export const workspaceSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    timeZone: z.string(),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspaceSchema>;

/** `PATCH /api/workspace` (admins): the time zone campaigns play by. */
export const workspaceSettingsSchema = z
  .object({
    timeZone: z.string({ error: 'Fuso horário inválido' }).trim().refine(isTimeZone, 'Fuso horário inválido'),
  })
  .meta({ id: 'WorkspaceSettings' });
