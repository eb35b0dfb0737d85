import { z } from 'zod';
import { audienceSchema, centsSchema } from './ads';
import { AUTH_CODE_LENGTH } from './constants';
import { MAX_DB_INT, idSchema, isoDateTime } from './common';
import { messages } from './messages';
import { screenOnAirSchema } from './screens';
import { openingHoursSchema } from './opening-hours';
import { offlineMinutesSchema } from './alerts';
import { deviceHealthSchema } from './screen-health';

export const ORIENTATIONS = ['horizontal', 'vertical'] as const;
export const LAYOUTS = ['single', 'dual'] as const;
export const DEVICE_STATUSES = ['online', 'offline'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];
export type Layout = (typeof LAYOUTS)[number];

/** The option lists and labels of docs/product.md#validation. */
export const RESOLUTION_OPTIONS = [
  { value: '1920x1080', label: '1920x1080 (Full HD)' },
  { value: '3840x2160', label: '3840x2160 (4K)' },
  { value: '1366x768', label: '1366x768 (HD)' },
  { value: '1280x720', label: '1280x720 (HD)' },
] as const;
export const DEFAULT_RESOLUTION = '1920x1080';
export const ORIENTATION_LABELS: Record<Orientation, string> = { horizontal: 'Horizontal', vertical: 'Vertical' };
export const LAYOUT_LABELS: Record<Layout, string> = { single: 'Tela Única', dual: 'Tela Dupla' };
/** How the device card names a layout (docs/product.md#device-list). */
export const LAYOUT_WINDOW_LABELS: Record<Layout, string> = { single: '1 Janela', dual: '2 Janelas' };

const AUTH_CODE_PATTERN = new RegExp(`^\\d{${AUTH_CODE_LENGTH}}$`);

/** docs/product.md#validation: a random number from 0 to 999999, zero-padded to six digits. */
export function generateAuthCode(random: () => number = Math.random): string {
  return String(Math.floor(random() * 10 ** AUTH_CODE_LENGTH)).padStart(AUTH_CODE_LENGTH, '0');
}

/** A layout's id (negative for a built-in); existence and orientation are the server's to check. */
export const layoutIdSchema = z
  .number({ error: 'Layout inválido' })
  .int('Layout inválido')
  .min(-MAX_DB_INT, 'Layout inválido')
  .max(MAX_DB_INT, 'Layout inválido')
  .refine((id) => id !== 0, 'Layout inválido');
/** At most as many zones as a layout has (LAYOUT_MAX_ZONES in layouts.ts, which imports this file). */
const MAX_ZONES = 8;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message).max(120);

/** The device form (create and edit) and `POST`/`PUT /api/devices`. */
export const deviceInputSchema = z.object({
  name: requiredText(messages.devices.nameRequired),
  location: requiredText(messages.devices.locationRequired),
  resolution: requiredText(messages.devices.resolutionRequired),
  orientation: z.enum(ORIENTATIONS, { error: 'Orientação inválida' }).default('horizontal'),
  layout: z.enum(LAYOUTS, { error: 'Layout inválido' }).default('single'),
  groupId: idSchema.nullish().transform((v) => v ?? null),
  /**
   * A layout of docs/layouts.md (a built-in's negative id or the workspace's own), or null for the
   * spec's Tela Única / Tela Dupla chosen by `layout`. Left out of a `PUT`: the device keeps its
   * own unless `layout` changes. The ids of Tela Única / Tela Dupla themselves mean null.
   */
  layoutId: layoutIdSchema.nullable().optional(),
  /**
   * The screen's own opening hours (docs/opening-hours.md); null: its group's, or always open.
   * Left out of a `PUT`: kept.
   */
  openingHours: openingHoursSchema.nullable().optional(),
  authCode: z
    .string({ error: messages.devices.authCodeFormat })
    .trim()
    .regex(AUTH_CODE_PATTERN, messages.devices.authCodeFormat),
});
export type DeviceInput = z.input<typeof deviceInputSchema>;

/**
 * `POST`/`PUT /api/devices` (`DeviceInput` of the API): the form's fields, and the screen's partner,
 * price per play in integer cents and estimated viewers per play (docs/ads.md). Those three left out
 * of a `PUT` are kept: the device form does not show them yet.
 */
export const deviceBodySchema = deviceInputSchema
  .extend({
    partnerId: idSchema.nullable().optional(),
    pricePerPlayCents: centsSchema.nullable().optional(),
    audiencePerPlay: audienceSchema.nullable().optional(),
  })
  .meta({ id: 'DeviceInput' });
export type DeviceData = z.output<typeof deviceBodySchema>;

const assignmentFields = {
  assignedPlaylistId1: idSchema.nullable().optional(),
  assignedPlaylistId2: idSchema.nullable().optional(),
  /**
   * One playlist (or null) per zone of the screen's layout, in zone order (docs/layouts.md#devices);
   * the first two are `assignedPlaylistId1/2`, which may be sent instead, as before zones.
   */
  zonePlaylistIds: z.array(idSchema.nullable()).min(1).max(MAX_ZONES).optional(),
};
type AssignmentFields = { [K in keyof typeof assignmentFields]?: z.output<(typeof assignmentFields)[K]> };

/** `checkAssignment`'s "one of the two forms", as the OpenAPI document states it. */
const ONE_FORM_REQUIRED = [{ required: ['assignedPlaylistId1'] }, { required: ['zonePlaylistIds'] }];

/** Zones 1 and 2 said twice must say the same; one of the two forms is needed. */
function checkAssignment(a: AssignmentFields, ctx: z.RefinementCtx) {
  if (a.zonePlaylistIds === undefined) {
    if (a.assignedPlaylistId1 === undefined)
      ctx.addIssue({ code: 'custom', path: ['assignedPlaylistId1'], message: messages.playlists.selectRequired });
    return;
  }
  const [first = null, second = null] = a.zonePlaylistIds;
  if (
    (a.assignedPlaylistId1 !== undefined && a.assignedPlaylistId1 !== first) ||
    (a.assignedPlaylistId2 !== undefined && a.assignedPlaylistId2 !== null && a.assignedPlaylistId2 !== second)
  )
    ctx.addIssue({ code: 'custom', path: ['zonePlaylistIds'], message: messages.layouts.zonePlaylistMismatch });
}

/**
 * The playlists asked for, zone by zone: `zonePlaylistIds`, or windows 1 and 2 (the spec's form).
 * `undefined` past the list means "not sent" (a zone the request does not name keeps its playlist).
 */
export const askedPlaylists = (a: AssignmentFields): Array<number | null> =>
  a.zonePlaylistIds ?? [a.assignedPlaylistId1 ?? null, a.assignedPlaylistId2 ?? null];

/**
 * `PATCH /api/devices/{id}`: the playlist of each zone (docs/product.md#validation assignment rules,
 * docs/layouts.md#devices): windows 1 and 2 of the spec, or one per zone of the screen's layout.
 */
export const deviceAssignmentSchema = z
  .object(assignmentFields)
  .superRefine(checkAssignment)
  .meta({ id: 'DeviceAssignment', anyOf: ONE_FORM_REQUIRED });
export type DeviceAssignment = z.input<typeof deviceAssignmentSchema>;
export type DeviceAssignmentData = z.output<typeof deviceAssignmentSchema>;

export const deviceSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    location: z.string(),
    resolution: z.string(),
    orientation: z.enum(ORIENTATIONS),
    layout: z.enum(LAYOUTS),
    authCode: z.string(),
    /** A TV holds this device's token, so its code is spent until Desconectar or a new code (docs/tv-protocol.md#pairing). */
    paired: z.boolean(),
    status: z.enum(DEVICE_STATUSES),
    lastSeen: isoDateTime.nullable(),
    activeSessionId: z.string().nullable(),
    assignedPlaylistId1: z.number().int().nullable(),
    assignedPlaylistId2: z.number().int().nullable(),
    /** Null: the spec's Tela Única / Tela Dupla (`layout`); else a layout of docs/layouts.md. */
    layoutId: z.number().int().nullable(),
    /** One per zone of the screen's layout; the first two are `assignedPlaylistId1/2`. */
    zonePlaylistIds: z.array(z.number().int().nullable()),
    /** Its own opening hours; null: its group's, or always open (docs/opening-hours.md). */
    openingHours: openingHoursSchema.nullable(),
    groupId: z.number().int().nullable(),
    /** docs/ads.md: the screen's partner, price per play (integer cents) and audience per play; null: none. */
    partnerId: z.number().int().nullable(),
    pricePerPlayCents: z.number().int().nullable(),
    audiencePerPlay: z.number().int().nullable(),
    createdAt: isoDateTime,
    /**
     * What the TV last reported playing (issue 15): meaningful while it is online (kept through an
     * offline gap); null before its first report and once it is disconnected or paired again.
     */
    nowPlaying: screenOnAirSchema.nullable(),
    /** When the TV's latest screenshot was taken; null when none was (`GET /api/devices/:id/screenshot`). */
    screenshotAt: isoDateTime.nullable(),
    /** The TV's last health report (docs/screen-health.md); null before its first, and once it is disconnected. */
    health: deviceHealthSchema.nullable(),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof deviceSchema>;
export const deviceListSchema = z.array(deviceSchema);

/** docs/product.md#states: the display state derived from status and session. */
export type DeviceDisplayState = 'running' | 'waiting' | 'offline';
export const deviceDisplayState = (d: Pick<Device, 'status' | 'activeSessionId'>): DeviceDisplayState =>
  d.status !== 'online' ? 'offline' : d.activeSessionId ? 'running' : 'waiting';

export const deviceGroupInputSchema = z
  .object({
    name: requiredText(messages.groups.nameRequired),
    description: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .transform((v) => v || null),
    /** Its screens' opening hours unless a screen has its own; null: always open. Left out: kept. */
    openingHours: openingHoursSchema.nullable().optional(),
    /** Minutes offline before an incident opens for its screens; null: the workspace's. Left out: kept. */
    offlineMinutes: offlineMinutesSchema.nullable().optional(),
  })
  .meta({ id: 'DeviceGroupInput' });
export type DeviceGroupInput = z.input<typeof deviceGroupInputSchema>;
export type DeviceGroupInputData = z.output<typeof deviceGroupInputSchema>;

/** `PATCH /api/device-groups/{id}`: the client sends the id in the body too (ignored). */
export const deviceGroupPatchSchema = deviceGroupInputSchema
  .partial()
  .extend({ id: z.unknown().optional() })
  .meta({ id: 'DeviceGroupPatch' });

export const deviceGroupSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    openingHours: openingHoursSchema.nullable(),
    offlineMinutes: z.number().int().nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'DeviceGroup' });
export type DeviceGroup = z.infer<typeof deviceGroupSchema>;
export const deviceGroupListSchema = z.array(deviceGroupSchema);

/** `GET /api/stats`: the totals of the caller's workspace. */
export const statsSchema = z
  .object({
    devices: z.object({ total: z.number().int(), online: z.number().int(), offline: z.number().int() }),
    media: z.object({ count: z.number().int(), usedBytes: z.number().int(), quotaBytes: z.number().int() }),
    playlists: z.object({ count: z.number().int() }),
  })
  .meta({ id: 'Stats' });
export type Stats = z.infer<typeof statsSchema>;

/**
 * `POST /api/device-groups/{id}/assign`: the playlists of windows 1 and 2 for every device of the
 * group at once, by the assign dialog's rules (a dual-layout device needs both; docs/product.md#validation);
 * with `layoutId`, every device of the group also takes that layout and one playlist per zone
 * (docs/layouts.md#devices).
 */
export const groupAssignmentSchema = z
  .object({ ...assignmentFields, layoutId: layoutIdSchema.nullable().optional() })
  .superRefine(checkAssignment)
  .meta({ id: 'GroupAssignment', anyOf: ONE_FORM_REQUIRED });
export type GroupAssignmentData = z.output<typeof groupAssignmentSchema>;
export const groupAssignmentResultSchema = z
  .object({ updated: z.number().int() })
  .meta({ id: 'GroupAssignmentResult' });
