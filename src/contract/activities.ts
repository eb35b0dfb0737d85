import { z } from 'zod';
import { coercedIdSchema, isoDateTime } from './common';

/**
 * The activity history (docs/product.md#entities Activity, docs/activity-history.md: the Histórico page): who did what and when,
 * kept when the entity it names is removed. Newest first, a page at a time (`before` = the last id
 * of the previous page).
 */
export const ACTIVITY_PAGE_SIZE = 50;

// No `.meta({ id })` here: a named query schema is a component reference, and the OpenAPI document
// then lists none of its parameters.
export const activityQuerySchema = z
  .object({
    type: z.string().trim().max(60).optional(),
    entityType: z.string().trim().max(60).optional(),
    userId: coercedIdSchema.optional(),
    from: z.iso.date({ error: 'Data inválida (use AAAA-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'Data inválida (use AAAA-MM-DD)' }).optional(),
    search: z.string().trim().max(120).optional(),
    before: coercedIdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(ACTIVITY_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, {
    path: ['to'],
    message: 'A data final deve ser igual ou posterior à inicial',
  });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** The `entityType`s the history records, with their pt-BR names (the page's filter and icons). */
export const ACTIVITY_ENTITY_LABELS = {
  device: 'Dispositivos',
  device_group: 'Grupos',
  media: 'Mídias',
  playlist: 'Playlists',
  campaign: 'Campanhas',
  layout: 'Layouts',
  user: 'Usuários',
  session: 'Acessos',
  api_key: 'Chaves de API',
  workspace: 'Empresa',
  advertiser: 'Anunciantes',
  partner: 'Parceiros',
} as const;
export type ActivityEntityType = keyof typeof ACTIVITY_ENTITY_LABELS;

export const activitySchema = z
  .object({
    id: z.number().int(),
    /** One of `ActivityType` (activity-messages.ts) for the entries this version writes. */
    type: z.string(),
    /**
     * docs/product.md#entities's sentence, in pt-BR: made when read from the entry's type and data (the catalogue of
     * activity-messages.ts; names as they were then), or the text an older entry stored.
     */
    description: z.string(),
    entityType: z.string().nullable(),
    entityId: z.number().int().nullable(),
    userId: z.number().int(),
    /** Null once the user was removed (the row stays, docs/security.md#roles-and-tenancy hands it to the admin who removed them). */
    userName: z.string().nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof activitySchema>;
export const activityPageSchema = z
  .object({ items: z.array(activitySchema), nextBefore: z.number().int().nullable() })
  .meta({ id: 'ActivityPage' });

/** The user filter's choices: the workspace's users who have entries, by name (a removed user has none). */
export const activityAuthorsSchema = z
  .array(z.object({ id: z.number().int(), name: z.string() }))
  .meta({ id: 'ActivityAuthors' });
export type ActivityAuthor = z.infer<typeof activityAuthorsSchema>[number];
