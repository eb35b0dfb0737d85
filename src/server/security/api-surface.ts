import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../db/schema';
import { eventually } from '../test/eventually';
import type { AuthLevel } from '../http/define-route';
import { createApiKey } from '../features/api-keys/api-key-service';
import { createWebhook } from '../features/alerts/alert-service';
import { createAdvertiser } from '../features/ads/advertiser-service';
import { createPartner } from '../features/ads/partner-service';
import { noisePng, uploadSettled } from '../test/uploads';
import { makeFailedJob, makeUser } from '../test/factories';
import type { TestContext } from '../test/test-app';
import { login } from '../test/factories';

/**
 * Test support for the security suite: the API's operations read from the OpenAPI document the app
 * builds from its registered route definitions (so a new route is in the suite without anyone
 * listing it), a valid sample body for each, and a "world" of resources made by one user.
 */

type Json = Record<string, unknown>;
export type JsonSchema = Json;

export interface Operation {
  method: string;
  /** OpenAPI template: `/api/devices/{id}`. */
  path: string;
  auth: AuthLevel;
  /** The resource kind an API key needs a permission on (`x-api-key`); none: keys are refused. */
  apiKey?: string;
  pathParams: string[];
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  body?: JsonSchema;
  contentType?: string;
  key: string;
}

/** Routes that answer without a session on purpose; any other public route fails the suite. */
export const PUBLIC_ALLOW_LIST = ['GET /api/health', 'POST /api/auth/login', 'POST /api/auth/logout'];
export const PUBLIC_PREFIXES = ['/api/tv/', '/api/app/', '/api/public/'];
export const isAllowedPublic = (op: Pick<Operation, 'key' | 'path'>) =>
  PUBLIC_ALLOW_LIST.includes(op.key) || PUBLIC_PREFIXES.some((p) => op.path.startsWith(p));

/** Registered `/api` routes that are not API operations (the document itself). */
const UNDOCUMENTED = ['GET /api/openapi.json'];

export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Json>>;
    components: { schemas: Record<string, JsonSchema> };
  };
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema) return undefined;
    const ref = schema.$ref as string | undefined;
    return ref ? resolve(doc.components.schemas[ref.split('/').pop()!]) : schema;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as Array<{
        name: string;
        in: string;
        required: boolean;
        schema: JsonSchema;
      }>;
      const content =
        (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content ?? {};
      const [contentType, media] = Object.entries(content)[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        // The suite sorts operations by the session they need: a TV's routes need none (their
        // bearer is the device token, `World.tvToken`), like the other allow-listed ones.
        auth: op['x-auth'] === 'device' ? 'public' : (op['x-auth'] as AuthLevel),
        apiKey: op['x-api-key'] as string | undefined,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query'),
        body: contentType === 'application/json' ? resolveDeep(media!.schema, resolve) : undefined,
        contentType,
        key: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return operations;
}

function resolveDeep(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema | undefined): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const resolved = resolve(value as JsonSchema) ?? {};
    return Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, walk(v)]));
  };
  return walk(schema) as JsonSchema;
}

/**
 * Every `/api` route Fastify registered (from its route tree), as `METHOD /api/path/{param}`; HEAD
 * twins left out. Lets the suite fail on a route registered outside `defineRoute`.
 */
export function registeredApiRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(path);
    if (!path.startsWith('/api/') || !match[3]) continue;
    for (const method of match[3].split(', ').filter((m) => m !== 'HEAD')) {
      const key = `${method} ${path.replace(/:(\w+)/g, '{$1}')}`;
      if (!UNDOCUMENTED.includes(key)) routes.push(key);
    }
  }
  return routes;
}

export type Resource =
  | 'users'
  | 'devices'
  | 'device-groups'
  | 'media'
  | 'playlists'
  | 'campaigns'
  | 'api-keys'
  | 'jobs'
  | 'layouts'
  | 'alert-webhooks'
  | 'advertisers'
  | 'partners';

export interface World {
  cookie: string;
  userId: number;
  workspaceId: number;
  username: string;
  email: string;
  ids: Record<Resource, number>;
  /** The device's code and the bearer token of the TV paired with it. */
  authCode: string;
  tvToken: string;
  /** An API key of the workspace with every permission (made through the service: users cannot). */
  apiKey: string;
}

/** A valid CNPJ (docs/ads.md#documents) for the bodies that need a CPF/CNPJ. */
const SAMPLE_CNPJ = '11222333000181';

let codes = 100_000 + Math.floor(Math.random() * 800_000);
export const freshCode = () => String((codes = codes >= 999_999 ? 100_000 : codes + 1));

/**
 * A user of `workspaceId` with one of everything, made through the API as the UI would; names
 * carry `marker`. The media is processed (thumbnail made) before it returns.
 */
export async function buildWorld(
  t: TestContext,
  role: 'user' | 'admin',
  marker: string,
  workspaceId: number,
): Promise<World> {
  const user = await makeUser(t.database, {
    role,
    workspaceId,
    username: `${marker}-${Math.random().toString(36).slice(2, 8)}`,
  });
  const cookie = await login(t.app, user.email);
  const post = async (url: string, payload: Json) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Json;
  };
  const mediaId = (
    await uploadSettled(t.app, cookie, {
      content: await noisePng(16, 16),
      filename: `${marker}.png`,
      contentType: 'image/png',
    })
  ).id;
  const group = await post('/api/device-groups', { name: `${marker} grupo` });
  const layout = await post('/api/layouts', {
    name: `${marker} layout`,
    orientation: 'horizontal',
    zones: [
      { name: 'Principal', x: 0, y: 0, width: 100, height: 85 },
      { name: 'Rodapé', x: 0, y: 85, width: 100, height: 15 },
    ],
  });
  const playlist = await post('/api/playlists', { name: `${marker} playlist`, items: [{ mediaId, duration: 5 }] });
  const authCode = freshCode();
  const device = await post('/api/devices', {
    name: `${marker} TV`,
    location: `${marker} loja`,
    resolution: '1920x1080',
    authCode,
    groupId: group.id,
  });
  const campaign = await post('/api/campaigns', {
    name: `${marker} campanha`,
    playlistId: playlist.id,
    deviceIds: [device.id],
    groupIds: [group.id],
  });
  const paired = await t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code: authCode } });
  if (paired.statusCode !== 200) throw new Error(`pairing: ${paired.statusCode} ${paired.body}`);
  const everything = {
    devices: 'write',
    groups: 'write',
    media: 'write',
    playlists: 'write',
    campaigns: 'write',
    stats: 'read',
    reports: 'read',
    ads: 'write',
  } as const;
  const key = await createApiKey(
    t.database.db,
    { id: user.id, role, workspaceId, sessionTokenHash: '' },
    { name: `${marker} chave`, permissions: everything, expiresAt: null },
  );
  // A webhook of the workspace's alerts (admins' only, so made through the service as the key is).
  // Its address refuses connections: a "Testar" that got through would fail, not wait.
  const webhook = await createWebhook(
    t.database.db,
    { id: user.id, role, workspaceId, sessionTokenHash: '' },
    { url: 'http://127.0.0.1:9/sinalize' },
  );
  // A failed background job of the workspace (the admins' Tarefas page), as the queue leaves it;
  // and the upload's processing job over (it ends just after the media is ready), so that the
  // workspace's rows stay as they are while the suite compares them.
  // An advertiser and a partner (admins' only, docs/ads.md: made through the services).
  const actor = { id: user.id, role, workspaceId, sessionTokenHash: '' };
  const advertiser = await createAdvertiser(t.database.db, actor, {
    name: `${marker} anunciante`,
    document: null,
    contactEmail: null,
  });
  const partner = await createPartner(t.database.db, actor, {
    name: `${marker} parceiro`,
    document: SAMPLE_CNPJ,
    contactName: null,
    contactEmail: null,
    commissionPercent: 10,
  });
  const job = await makeFailedJob(t.database, { workspaceId });
  await eventually(async () => {
    const busy = await t.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.workspaceId, workspaceId), inArray(jobs.status, ['queued', 'running'])));
    return busy.length === 0;
  }, 'the upload’s processing job over');
  return {
    cookie,
    userId: user.id,
    workspaceId,
    username: user.username,
    email: user.email,
    ids: {
      users: user.id,
      devices: device.id as number,
      'device-groups': group.id as number,
      media: mediaId,
      playlists: playlist.id as number,
      campaigns: campaign.id as number,
      'api-keys': key.id,
      jobs: job.id,
      layouts: layout.id as number,
      'alert-webhooks': webhook.id,
      advertisers: advertiser.id,
      partners: partner.id,
    },
    authCode,
    tvToken: paired.json().token as string,
    apiKey: key.key,
  };
}

/** The resource a path id names (`/api/devices/{id}/disconnect` → devices); throws for an unknown one. */
export function resourceOf(op: Operation): Resource {
  const segment = op.path.split('/')[2]!;
  // `/api/tv/media/{id}` serves media; `/api/alerts/webhooks/{id}` is the alerts' only id;
  // `/api/public/advertiser-statements/{token}` names a link's token (any id is an unknown one: 410).
  const resource =
    segment === 'tv'
      ? 'media'
      : segment === 'alerts'
        ? 'alert-webhooks'
        : segment === 'public'
          ? 'advertisers'
          : segment;
  const known: Resource[] = [
    'users',
    'devices',
    'device-groups',
    'media',
    'playlists',
    'campaigns',
    'api-keys',
    'jobs',
    'layouts',
    'alert-webhooks',
    'advertisers',
    'partners',
  ];
  if (!known.includes(resource as Resource)) {
    throw new Error(
      `${op.key}: the security suite does not know whose "${segment}" is; add it to buildWorld/resourceOf`,
    );
  }
  return resource as Resource;
}

/** A path's `{month}` (a partner's commissions, docs/ads.md#commissions) is a valid month; the id fills the rest. */
export const urlFor = (op: Operation, id: number | string) =>
  op.path.replace('{month}', '2026-01').replace(/\{\w+\}/g, String(id));

/** Property names whose sample value must point at something of the caller (ids) or be unique. */
function knownValue(name: string, world: World): unknown {
  switch (name) {
    case 'mediaId':
      return world.ids.media;
    case 'playlistId':
    case 'assignedPlaylistId1':
      return world.ids.playlists;
    case 'groupId':
      return world.ids['device-groups'];
    case 'deviceIds':
      return [world.ids.devices];
    case 'groupIds':
      return [world.ids['device-groups']];
    case 'partnerId':
      return world.ids.partners;
    case 'document':
      return SAMPLE_CNPJ;
    case 'username':
      return world.username;
    case 'email':
      return world.email;
    case 'authCode':
      return freshCode();
    case 'code':
      return world.authCode;
    default:
      return undefined;
  }
}

/** Body properties that name another resource. */
export const ID_KEYS = [
  'mediaId',
  'playlistId',
  'assignedPlaylistId1',
  'groupId',
  'deviceIds',
  'groupIds',
  'partnerId',
];

/**
 * A valid value for a JSON schema: required properties only (and the optional ones naming a
 * resource, with `withIds`), ids and unique fields from `world`.
 */
export function sample(schema: JsonSchema, world: World, name = '', withIds = false): unknown {
  const known = knownValue(name, world);
  if (known !== undefined) return known;
  if (schema.enum) return (schema.enum as unknown[])[0];
  if (schema.anyOf && schema.type !== 'object')
    return sample(
      (schema.anyOf as JsonSchema[]).find((s) => !(s.enum as unknown[] | undefined)?.includes('')) ?? {},
      world,
      name,
      withIds,
    );
  switch (schema.type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      // An object's `anyOf` of `required` lists (one of two forms, DeviceAssignment): the first form.
      const oneOf = ((schema.anyOf ?? []) as JsonSchema[])[0]?.required ?? [];
      const required = [...((schema.required ?? []) as string[]), ...(oneOf as string[])];
      const keys = Object.keys(props).filter((key) => required.includes(key) || (withIds && ID_KEYS.includes(key)));
      const value = (key: string) =>
        props[key]!.nullable && !(withIds && ID_KEYS.includes(key)) ? null : sample(props[key]!, world, key, withIds);
      return Object.fromEntries(keys.map((key) => [key, value(key)]));
    }
    case 'array':
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () =>
        sample((schema.items ?? {}) as JsonSchema, world, '', withIds),
      );
    case 'integer':
    case 'number':
      return Math.max(1, Number(schema.minimum ?? 1));
    case 'string':
      if (schema.format === 'date') return '2026-03-01';
      if (schema.format === 'date-time') return '2026-03-01T12:00:00Z';
      return 'Exemplo válido';
    default:
      return null;
  }
}

/** Every property path of a body schema (objects and the first element of arrays), for mutations. */
export function propertyPaths(schema: JsonSchema, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (schema.type === 'object') {
    return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(([key, s]) => [
      [...prefix, key],
      ...propertyPaths(s, [...prefix, key]),
    ]);
  }
  if (schema.type === 'array') return propertyPaths((schema.items ?? {}) as JsonSchema, [...prefix, 0]);
  return [];
}

/** A copy of `value` with the property at `path` set (objects and arrays created on the way). */
export function setAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const base: Json | unknown[] =
    typeof head === 'number'
      ? Array.isArray(value)
        ? [...value]
        : []
      : value && typeof value === 'object' && !Array.isArray(value)
        ? { ...(value as Json) }
        : {};
  (base as Record<string | number, unknown>)[head!] = setAt(
    (base as Record<string | number, unknown>)[head!],
    rest,
    replacement,
  );
  return base;
}
