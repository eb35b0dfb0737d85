import { z } from 'zod';
import { dateTimeInput, isoDateTime } from './common';
import { messages } from './messages';

/** Every API key starts with this, so a leaked one is recognisable (and told apart from TV tokens). */
export const API_KEY_PREFIX = 'snz_';
/** How many characters of a key the list shows: the prefix and 8 random ones. */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 8;

/** What a key may be given access to, one entry per resource kind of the API. */
/** `ads`: advertisers and partners (docs/ads.md), routes of admins only. */
export const API_KEY_RESOURCES = [
  'devices',
  'groups',
  'media',
  'playlists',
  'campaigns',
  'stats',
  'reports',
  'ads',
] as const;
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];
/** `write` implies `read`. */
export const API_KEY_ACCESS = ['none', 'read', 'write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];
/** Kinds that only have reads (the dashboard figures, the reports). */
export const READ_ONLY_RESOURCES: readonly ApiKeyResource[] = ['stats', 'reports'];

const accessSchema = z.enum(API_KEY_ACCESS).default('none');
export const apiKeyPermissionsSchema = z
  .object({
    devices: accessSchema,
    groups: accessSchema,
    media: accessSchema,
    playlists: accessSchema,
    campaigns: accessSchema,
    stats: z.enum(['none', 'read']).default('none'),
    reports: z.enum(['none', 'read']).default('none'),
    ads: accessSchema,
  })
  .meta({ id: 'ApiKeyPermissions' });
export type ApiKeyPermissions = z.output<typeof apiKeyPermissionsSchema>;

/** The stored form (docs/product.md#entities: a list of strings): `devices:read`, `media:write`… */
export function permissionList(permissions: ApiKeyPermissions): string[] {
  return API_KEY_RESOURCES.flatMap((resource) =>
    permissions[resource] === 'none' ? [] : [`${resource}:${permissions[resource]}`],
  );
}

export function permissionsFromList(list: readonly string[]): ApiKeyPermissions {
  const result = Object.fromEntries(API_KEY_RESOURCES.map((r) => [r, 'none'])) as Record<ApiKeyResource, ApiKeyAccess>;
  for (const entry of list) {
    const [resource, access] = entry.split(':') as [ApiKeyResource, ApiKeyAccess];
    if (API_KEY_RESOURCES.includes(resource) && (access === 'read' || access === 'write')) result[resource] = access;
  }
  return result as ApiKeyPermissions;
}

/** Whether a stored permission list allows `access` on `resource` (write implies read). */
export function allows(list: readonly string[], resource: ApiKeyResource, access: 'read' | 'write'): boolean {
  return list.includes(`${resource}:write`) || (access === 'read' && list.includes(`${resource}:read`));
}

const name = z.string({ error: messages.apiKeys.nameRequired }).trim().min(1, messages.apiKeys.nameRequired).max(100);

/** The create dialog and `POST /api/api-keys`. A calendar day as expiry means the end of that day (UTC). */
export const createApiKeySchema = z
  .object({
    name,
    permissions: apiKeyPermissionsSchema,
    // Empty (the form's blank date field) or absent: the key does not expire.
    expiresAt: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      dateTimeInput(messages.apiKeys.expiryInvalid)
        .transform((v) => (v.length === 10 ? `${v}T23:59:59.999Z` : v))
        .refine((v) => new Date(v).getTime() > Date.now(), messages.apiKeys.expiryPast)
        .nullable(),
    ),
  })
  .refine((v) => permissionList(v.permissions).length > 0, {
    message: messages.apiKeys.permissionRequired,
    path: ['permissions'],
  })
  .meta({ id: 'CreateApiKey' });
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
export type CreateApiKey = z.output<typeof createApiKeySchema>;

/** `PATCH /api/api-keys/{id}`: rename, activate or deactivate (what is left out stays). */
export const updateApiKeySchema = z
  .object({ name: name.optional(), isActive: z.boolean().optional() })
  .meta({ id: 'UpdateApiKey' });
export type UpdateApiKey = z.output<typeof updateApiKeySchema>;

/** A key as the list shows it: never the key or its hash, only its first characters. */
export const apiKeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string(),
    permissions: apiKeyPermissionsSchema,
    isActive: z.boolean(),
    lastUsed: isoDateTime.nullable(),
    expiresAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** The answer to a creation: the only time the plain key is ever shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
