import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MEDIA_STATUSES } from '../../contract/media';
import type { FeedItem } from '../../contract/content';
import { JOB_STATUSES } from '../../contract/jobs';
import { CAMPAIGN_PRIORITIES, CAMPAIGN_STATUSES } from '../../contract/schedule';
import { AD_GOAL_KINDS, CAMPAIGN_TYPES } from '../../contract/ad-campaigns';
import type { ScreenOnAir } from '../../contract/screens';
import { ORIENTATIONS } from '../../contract/devices';
import type { Zone } from '../../contract/layouts';
import type { OpeningHours } from '../../contract/opening-hours';
import type { DeviceHealth } from '../../contract/screen-health';

/**
 * One schema for PGlite and PostgreSQL (docs/product.md#entities plus sessions). Every tenant row carries
 * `workspaceId`, the boundary (docs/security.md#roles-and-tenancy: a company's staff share its screens), and `userId`, who
 * created it. Removing a workspace removes everything in it. Column names are snake_case in SQL.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const tenant = () =>
  integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

/** A customer company (docs/security.md#roles-and-tenancy): its users share its devices, groups, media, playlists and campaigns. */
export const workspaces = pgTable('workspaces', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The IANA zone campaigns play by (docs/scheduling.md#time-zone). */
  timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    workspaceId: tenant(),
    createdAt: createdAt(),
  },
  // Unique regardless of case, so "Ana" and "ana" cannot both exist. The email signs in, so it is
  // unique on the whole server; a username only within its workspace (another company's "ana"
  // must not be refused, which would tell that it exists).
  (t) => [
    uniqueIndex('users_username_unique').on(t.workspaceId, sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: owner(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const deviceGroups = pgTable(
  'device_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    /** Its screens' opening hours unless a screen has its own (docs/opening-hours.md); null: always open. */
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    /** Minutes offline before its screens' incidents open, over the workspace's (docs/alerts.md). */
    offlineMinutes: integer('offline_minutes'),
    userId: owner(),
    workspaceId: tenant(),
    createdAt: createdAt(),
  },
  (t) => [index('device_groups_user_idx').on(t.userId), index('device_groups_workspace_idx').on(t.workspaceId)],
);

/** Who buys screen time (issue 27, docs/ads.md): a workspace row. `document` is a CPF/CNPJ, digits only. */
export const advertisers = pgTable(
  'advertisers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    document: text('document'),
    contactEmail: text('contact_email'),
    userId: owner(),
    workspaceId: tenant(),
    createdAt: createdAt(),
  },
  (t) => [index('advertisers_user_idx').on(t.userId), index('advertisers_workspace_idx').on(t.workspaceId)],
);

/**
 * Who owns screens and earns a commission on their plays (issue 27, docs/ads.md). The commission is
 * integer basis points (1/100 of a percent, 0 to 10000): money is computed in integers.
 */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    document: text('document').notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    commissionBasisPoints: integer('commission_basis_points').notNull().default(0),
    userId: owner(),
    workspaceId: tenant(),
    createdAt: createdAt(),
  },
  (t) => [
    index('partners_user_idx').on(t.userId),
    index('partners_workspace_idx').on(t.workspaceId),
    check('partners_commission_range', sql`${t.commissionBasisPoints} between 0 and 10000`),
  ],
);

export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    filename: text('filename').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    duration: integer('duration'),
    url: text('url').notNull(),
    sha256: text('sha256').notNull(),
    thumbnailFilename: text('thumbnail_filename'),
    /**
     * 'processing' until the background queue has derived thumbnail, duration and poster (and moved
     * a video's index first); 'failed' when the file could not be read as media. TVs get 'ready' only.
     */
    status: text('status', { enum: MEDIA_STATUSES }).notNull().default('ready'),
    /** A content item's or a PDF's options (docs/content.md), checked by its kind's schema; null for images and videos. */
    options: jsonb('options').$type<Record<string, unknown>>(),
    /**
     * A web page whose headers refused frames when it was saved (docs/content.md#web-pages-the-framing-check):
     * the browser player shows its notice at once instead of a frame the browser leaves blank.
     */
    framingRefused: boolean('framing_refused').notNull().default(false),
    userId: owner(),
    workspaceId: tenant(),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_user_idx').on(t.userId, t.createdAt),
    index('media_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

/**
 * A feed's item as kept (docs/content.md#feeds): what the manifest carries, plus the address its
 * picture came from (`imageSource`, never sent to a TV) and the stored picture's hash
 * (`imageSha256`, a `feed_images` row of the same feed). Both absent when the item has none.
 */
export type StoredFeedItem = FeedItem & { imageSource?: string; imageSha256?: string };

/**
 * A feed's last good copy and how its fetches went (docs/content.md#feeds): the items stay when a
 * fetch fails, so TVs keep showing them. `nextFetchAt` is when the refresh job is due.
 */
export const feedStates = pgTable(
  'feed_states',
  {
    mediaId: integer('media_id')
      .primaryKey()
      .references(() => media.id, { onDelete: 'cascade' }),
    items: jsonb('items').$type<StoredFeedItem[]>().notNull().default([]),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }).notNull().defaultNow(),
    etag: text('etag'),
    lastModified: text('last_modified'),
  },
  (t) => [index('feed_states_due_idx').on(t.nextFetchAt)],
);

/**
 * A feed's pictures (docs/content.md#pictures): each item's picture fetched by the server, re-encoded
 * as WebP under its own store key, one row per source address; removed with the feed (FK
 * cascade, files by `takeDerivedKeys`) or once no item names it.
 */
export const feedImages = pgTable(
  'feed_images',
  {
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    sourceUrl: text('source_url').notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
  },
  (t) => [
    primaryKey({ name: 'feed_images_pk', columns: [t.mediaId, t.sourceUrl] }),
    index('feed_images_sha_idx').on(t.mediaId, t.sha256),
  ],
);

/** A PDF's pages, rendered to images when it is stored (docs/content.md#pdf); removed with it. */
export const mediaPages = pgTable(
  'media_pages',
  {
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
  },
  (t) => [primaryKey({ name: 'media_pages_pk', columns: [t.mediaId, t.page] })],
);

export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    startDate: date('start_date', { mode: 'string' }),
    durationDays: integer('duration_days').notNull().default(0),
    totalSize: bigint('total_size', { mode: 'number' }).notNull().default(0),
    userId: owner(),
    workspaceId: tenant(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('playlists_user_idx').on(t.userId), index('playlists_workspace_idx').on(t.workspaceId)],
);

/** A playlist's items; removing a media item removes it from every playlist (docs/media.md#deletion). */
export const playlistItems = pgTable(
  'playlist_items',
  {
    id: serial('id').primaryKey(),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    duration: integer('duration').notNull(),
    order: integer('position').notNull(),
  },
  (t) => [
    index('playlist_items_playlist_idx').on(t.playlistId, t.order),
    index('playlist_items_media_idx').on(t.mediaId),
  ],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    resolution: text('resolution').notNull(),
    orientation: text('orientation', { enum: ['horizontal', 'vertical'] })
      .notNull()
      .default('horizontal'),
    layout: text('layout', { enum: ['single', 'dual'] })
      .notNull()
      .default('single'),
    authCode: text('auth_code').notNull().unique('devices_auth_code_unique'),
    status: text('status', { enum: ['online', 'offline'] })
      .notNull()
      .default('offline'),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    activeSessionId: text('active_session_id'),
    // Deleting a playlist leaves the device without content rather than deleting the device.
    assignedPlaylistId1: integer('assigned_playlist_id_1').references(() => playlists.id, { onDelete: 'set null' }),
    assignedPlaylistId2: integer('assigned_playlist_id_2').references(() => playlists.id, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => deviceGroups.id, { onDelete: 'set null' }),
    /** The partner that owns the screen (docs/ads.md); its removal leaves the screen without one. */
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    /** What one play on this screen costs an advertiser, in integer cents (docs/ads.md#money); null: not priced. */
    pricePerPlayCents: integer('price_per_play_cents'),
    /** Estimated viewers of one play; null: unknown. */
    audiencePerPlay: integer('audience_per_play'),
    /**
     * The screen's layout when it is not the spec's Tela Única / Tela Dupla (`layout` decides then):
     * a built-in's negative id or a workspace layout's id (docs/layouts.md#devices). Not a foreign key,
     * since built-ins have no row; a layout is removed only when no device names it, checked under
     * the layout row's lock (features/layouts/layout-service.ts).
     */
    layoutId: integer('layout_id'),
    /** The playlists of zones 3 and on (zones 1 and 2 are `assigned_playlist_id_1/2`), one per zone. */
    extraZonePlaylistIds: integer('extra_zone_playlist_ids')
      .array()
      .$type<Array<number | null>>()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The screen's own opening hours, over its group's (docs/opening-hours.md); null: the group's, or always open. */
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    /**
     * Requests waiting for the TV (`screenshot`, `reload`): taken by the process that pushes one on
     * the TV's socket, or by the TV's next HTTP heartbeat, whichever comes first (docs/tv-protocol.md#commands).
     */
    pendingCommands: text('pending_commands')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The TV's last health report and when it came (docs/screen-health.md); cleared with its pairing. */
    health: jsonb('health').$type<DeviceHealth>(),
    /** SHA-256 of the paired TV's bearer token; null when no TV is paired (docs/tv-protocol.md). */
    tokenHash: text('token_hash').unique('devices_token_hash_unique'),
    /** What the TV last reported playing per window (issue 15); cleared when it goes offline. */
    nowPlaying: jsonb('now_playing').$type<ScreenOnAir>(),
    /** The store key of the TV's latest screenshot (a media-style `<uuid>.jpg`), and when it came. */
    screenshotKey: text('screenshot_key'),
    screenshotAt: timestamp('screenshot_at', { withTimezone: true }),
    userId: owner(),
    workspaceId: tenant(),
    createdAt: createdAt(),
  },
  (t) => [
    index('devices_user_idx').on(t.userId),
    index('devices_workspace_idx').on(t.workspaceId),
    index('devices_layout_idx')
      .on(t.layoutId)
      .where(sql`${t.layoutId} is not null`),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    playlistId: integer('playlist_id').references(() => playlists.id, { onDelete: 'set null' }),
    deviceIds: integer('device_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Groups are not foreign keys either: a device that joins a group later joins its campaigns. */
    groupIds: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Every screen of the workspace, those added later included. */
    allDevices: boolean('all_devices').notNull().default(false),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    priority: text('priority', { enum: CAMPAIGN_PRIORITIES }).notNull().default('normal'),
    /** The weekly schedule (contract/schedule.ts): 0 = Sunday; "HH:MM" in the workspace's zone. */
    weekdays: integer('weekdays')
      .array()
      .notNull()
      .default(sql`'{0,1,2,3,4,5,6}'::integer[]`),
    startTime: text('start_time'),
    endTime: text('end_time'),
    /** The zone keys it plays in (docs/layouts.md#campaigns); null: every zone, as before zones. */
    zones: text('zones').array(),
    /** `ad`: an advertiser's campaign with a goal and a cap (docs/ads.md#ad-campaigns); the ad columns are null otherwise. */
    type: text('type', { enum: CAMPAIGN_TYPES }).notNull().default('regular'),
    /**
     * An advertiser with campaigns cannot be removed (docs/ads.md#ad-campaigns). `no action`, not
     * `restrict`: checked at the statement's end, so a workspace's removal, cascading to both, passes.
     */
    advertiserId: integer('advertiser_id').references(() => advertisers.id, { onDelete: 'no action' }),
    goalKind: text('goal_kind', { enum: AD_GOAL_KINDS }),
    goalPlays: integer('goal_plays'),
    capPerHour: integer('cap_per_hour'),
    /** Plays per screen allowed in the current hour, as the pacing last planned it (docs/ads.md#pacing); null: not planned yet. */
    adAllowance: integer('ad_allowance'),
    userId: owner(),
    workspaceId: tenant(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_user_idx').on(t.userId),
    index('campaigns_workspace_idx').on(t.workspaceId),
    index('campaigns_advertiser_idx')
      .on(t.advertiserId)
      .where(sql`${t.advertiserId} is not null`),
    // An ad has its advertiser, goal and cap; a regular campaign none of them.
    check(
      'campaigns_ad_fields',
      sql`(${t.type} = 'ad') = (${t.advertiserId} is not null and ${t.goalKind} is not null and coalesce(${t.goalPlays}, 0) >= 1 and coalesce(${t.capPerHour}, 0) >= 1)`,
    ),
  ],
);

/** Activity history outlives the entities it mentions, so `entityId` is not a foreign key. */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    /**
     * The facts the entry's sentence shows, as they were then (a name before a rename): the
     * sentence is made from `type` and `data` when read (contract/activity-messages.ts,
     * docs/activity-history.md). Null only on the entries written before, which keep their text.
     */
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** The sentence an entry written before migration 0009 stored; null on every later entry. */
    legacyText: text('legacy_text'),
    entityId: integer('entity_id'),
    entityType: text('entity_type'),
    /**
     * Who did it. Not a foreign key: the history outlives a removed user (the page shows no name
     * then); ids are never reused.
     */
    userId: integer('user_id').notNull(),
    workspaceId: tenant(),
    createdAt: createdAt(),
  },
  // The page reads a workspace's newest first, a page at a time by id.
  (t) => [
    index('activities_user_idx').on(t.userId, t.createdAt),
    index('activities_workspace_id_idx').on(t.workspaceId, t.id),
    // An entry is told either way, never both nor neither.
    check('activities_data_or_legacy_text', sql`(${t.data} is null) <> (${t.legacyText} is null)`),
  ],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique('api_keys_key_hash_unique'),
    /** The key's first characters (`snz_` and 8 more), shown so an admin can tell keys apart. */
    prefix: text('prefix').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    lastUsed: timestamp('last_used', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    userId: owner(),
    workspaceId: tenant(),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_workspace_idx').on(t.workspaceId)],
);

/**
 * Proof of play (docs/proof-of-play.md#plays): one row per item a TV showed, as its player reported it, unique per
 * device and `clientId` (a batch sent twice stores nothing twice). Kept `PLAYS_RETENTION_DAYS`; the
 * ids are not foreign keys, since the history outlives the device, media, playlist or campaign.
 */
export const plays = pgTable(
  'plays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: tenant(),
    deviceId: integer('device_id').notNull(),
    clientId: text('client_id').notNull(),
    mediaId: integer('media_id').notNull(),
    playlistId: integer('playlist_id'),
    campaignId: integer('campaign_id'),
    window: integer('window_index').notNull(),
    /** The zone's key (docs/layouts.md#plays); `janela-1`/`janela-2` for a player that sends none. */
    zone: text('zone_key').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    completed: boolean('completed').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plays_device_client_unique').on(t.deviceId, t.clientId),
    index('plays_workspace_started_idx').on(t.workspaceId, t.startedAt),
  ],
);

/**
 * Counted plays of ad campaigns (docs/ads.md#counted-plays): a play of an ad's creative that ran to
 * its end (within 0.5 s), inserted with its play in the same statement, with the screen's partner,
 * price and audience as they were then, so a later change never rewrites the past. Kept when raw
 * plays expire (statements read them); ids are not foreign keys, as in `plays`.
 */
export const adPlays = pgTable(
  'ad_plays',
  {
    playId: bigint('play_id', { mode: 'number' }).primaryKey(),
    workspaceId: tenant(),
    campaignId: integer('campaign_id').notNull(),
    advertiserId: integer('advertiser_id').notNull(),
    deviceId: integer('device_id').notNull(),
    partnerId: integer('partner_id'),
    priceCents: integer('price_cents'),
    audience: integer('audience'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ad_plays_campaign_started_idx').on(t.campaignId, t.startedAt)],
);

/**
 * Each ad's counted plays so far (docs/ads.md#delivery), added to in the statement that counts them:
 * the goal is checked and the delivery read without counting an ad's whole history each time. No
 * foreign key, as `ad_plays`.
 */
export const adCampaignCounts = pgTable('ad_campaign_counts', {
  campaignId: integer('campaign_id').primaryKey(),
  workspaceId: tenant(),
  counted: integer('counted').notNull(),
});

/**
 * Daily roll-ups of `ad_plays`, what statements and commissions read (docs/ads.md#statements): one
 * row per workspace calendar day (its time zone), screen, ad, advertiser and partner (0: none),
 * added to in the statement that counts the plays. `amountCents` sums the prices the plays kept
 * (an unpriced play adds 0), `audience` their audiences.
 */
export const adPlayDays = pgTable(
  'ad_play_days',
  {
    workspaceId: tenant(),
    day: date('day').notNull(),
    deviceId: integer('device_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    advertiserId: integer('advertiser_id').notNull(),
    partnerId: integer('partner_id').notNull().default(0),
    plays: integer('plays').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    audience: bigint('audience', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'ad_play_days_pk',
      columns: [t.workspaceId, t.day, t.deviceId, t.campaignId, t.advertiserId, t.partnerId],
    }),
    index('ad_play_days_advertiser_idx').on(t.workspaceId, t.advertiserId, t.day),
    index('ad_play_days_partner_idx').on(t.workspaceId, t.partnerId, t.day),
  ],
);

/**
 * A screen's selling figures over time (docs/ads.md#price-history): a row each time its partner,
 * price or audience is set, in force from `validFrom`. A counted play takes the row in force when it
 * started, so a play stored late is priced as when it ran.
 */
export const devicePrices = pgTable(
  'device_prices',
  {
    id: serial('id').primaryKey(),
    workspaceId: tenant(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id'),
    pricePerPlayCents: integer('price_per_play_cents'),
    audiencePerPlay: integer('audience_per_play'),
    // The insert's own clock, not its transaction's start (of two saves at once, the later row is the
    // later price), to the millisecond as the plays' own times: a play begun in the same millisecond
    // as the change is after it.
    validFrom: timestamp('valid_from', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', clock_timestamp())`),
  },
  (t) => [index('device_prices_device_from_idx').on(t.deviceId, t.validFrom)],
);

/**
 * A read-only link to an advertiser's statement (docs/ads.md#statements): anyone holding the token
 * sees that advertiser's figures for the period, until it expires or is revoked. Only the token's
 * SHA-256 is kept.
 */
export const advertiserLinks = pgTable(
  'advertiser_links',
  {
    id: serial('id').primaryKey(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('advertiser_links_token_unique'),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userId: owner(),
    workspaceId: tenant(),
    createdAt: createdAt(),
  },
  (t) => [
    index('advertiser_links_advertiser_idx').on(t.advertiserId),
    index('advertiser_links_workspace_idx').on(t.workspaceId),
  ],
);

/**
 * A partner's commission month (docs/ads.md#commissions): its status (aberto → fechado → pago), who
 * moved it and when, and, once closed, its statement frozen (`figures`) so later changes never
 * rewrite it. No row: the month is open and computed live.
 */
export const partnerCommissionMonths = pgTable(
  'partner_commission_months',
  {
    workspaceId: tenant(),
    // A partner with commission months is not removed (its closed and paid figures are records): 409.
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'no action' }),
    /** `yyyy-mm`, in the workspace's time zone. */
    month: text('month').notNull(),
    status: text('status', { enum: ['aberto', 'fechado', 'pago'] }).notNull(),
    figures: jsonb('figures'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'partner_commission_months_pk', columns: [t.partnerId, t.month] })],
);

/**
 * Daily roll-ups of `plays`, what reports read (docs/benchmarks.md#targets: a 30-day report over 1,000 TVs < 500 ms):
 * one row per workspace calendar day (its time zone), device, media, playlist and campaign, added to
 * in the same transaction as the plays. 0 stands for "no playlist" / "no campaign" (the key's
 * columns cannot be null). Kept when raw plays expire.
 */
export const playDays = pgTable(
  'play_days',
  {
    workspaceId: tenant(),
    day: date('day').notNull(),
    deviceId: integer('device_id').notNull(),
    mediaId: integer('media_id').notNull(),
    playlistId: integer('playlist_id').notNull().default(0),
    campaignId: integer('campaign_id').notNull().default(0),
    zone: text('zone_key').notNull().default(''),
    plays: integer('plays').notNull(),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'play_days_pk',
      columns: [t.workspaceId, t.day, t.deviceId, t.mediaId, t.playlistId, t.campaignId, t.zone],
    }),
  ],
);

/**
 * The background job queue (docs/jobs.md): everything that runs after a request answered. A
 * worker claims a due job with `FOR UPDATE SKIP LOCKED` and holds it until `locked_until` (its
 * lease, extended while it runs); a job whose lease ran out is taken again. `singleton_key`: at most
 * one queued or running job of a kind with that key. `workspace_id` is null for system jobs (the
 * maintenance); a workspace's removal removes its jobs.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    workspaceId: integer('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    /** Why the last attempt failed, in Portuguese (shown to admins); the details are in the log. */
    lastError: text('last_error'),
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_singleton_unique')
      .on(t.kind, t.singletonKey)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_status_idx').on(t.status, t.workspaceId, t.id),
  ],
);

/**
 * A workspace's own layouts (docs/layouts.md); the built-in templates live in contract/layouts.ts,
 * not here. `zones` is the list the contract's schema checked, in zone order. `nameKey` is the
 * name without case, accents or repeated spaces (contract `nameKey`): the unique index on it makes
 * two creations of "Vitrine" and "vitrine" at once end in one row and a 409.
 */
export const layouts = pgTable(
  'layouts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    orientation: text('orientation', { enum: ORIENTATIONS }).notNull(),
    zones: jsonb('zones').$type<Zone[]>().notNull(),
    userId: owner(),
    workspaceId: tenant(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('layouts_name_unique').on(t.workspaceId, t.nameKey), index('layouts_user_idx').on(t.userId)],
);

/** A workspace's alert settings (docs/alerts.md); no row: nobody gets email, incidents after 10 minutes. */
export const alertSettings = pgTable('alert_settings', {
  workspaceId: integer('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  emails: text('emails')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  offlineMinutes: integer('offline_minutes').notNull().default(10),
  /** When the media reached 90 % of the quota and that was told; null again once under it (docs/alerts.md#storage). */
  storageAlertedAt: timestamp('storage_alerted_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a workspace's notices are posted, signed with `secret` (HMAC-SHA256; docs/alerts.md#webhooks). */
export const alertWebhooks = pgTable(
  'alert_webhooks',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    workspaceId: tenant(),
    createdAt: createdAt(),
  },
  (t) => [index('alert_webhooks_workspace_idx').on(t.workspaceId)],
);

/**
 * A screen offline past its minutes (docs/alerts.md#incidents): open while `ended_at` is null. At
 * most one open per device (`incidents_open_unique`): what makes a notice go once, whatever the
 * number of processes. Removing the device removes its incidents.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: serial('id').primaryKey(),
    workspaceId: tenant(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('incidents_open_unique')
      .on(t.deviceId)
      .where(sql`${t.endedAt} is null`),
    index('incidents_workspace_idx').on(t.workspaceId, t.startedAt),
  ],
);

/** The last deliveries of a workspace's notices, for its delivery log (docs/alerts.md#deliveries). */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: serial('id').primaryKey(),
    workspaceId: tenant(),
    channel: text('channel', { enum: ['email', 'webhook'] }).notNull(),
    webhookId: integer('webhook_id').references(() => alertWebhooks.id, { onDelete: 'set null' }),
    target: text('target').notNull(),
    event: text('event').notNull(),
    status: text('status', { enum: ['ok', 'failed'] }).notNull(),
    httpStatus: integer('http_status'),
    detail: text('detail'),
    attempt: integer('attempt').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('alert_deliveries_workspace_idx').on(t.workspaceId, t.id)],
);

/**
 * Items that failed to play on a screen, as its player reported them (docs/screen-health.md#playback-errors):
 * what the playback alert counts. Kept a day; removing the device removes them.
 */
export const playbackErrors = pgTable(
  'playback_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: tenant(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Not a foreign key: the report outlives a media removed meanwhile. */
    mediaId: integer('media_id').notNull(),
    message: text('message').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('playback_errors_device_media_idx').on(t.deviceId, t.mediaId, t.at),
    index('playback_errors_at_idx').on(t.at),
  ],
);

/** When a media failing on a screen was last told (docs/alerts.md#playback): at most once an hour per pair. */
export const mediaFailureAlerts = pgTable(
  'media_failure_alerts',
  {
    workspaceId: tenant(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id').notNull(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'media_failure_alerts_pk', columns: [t.deviceId, t.mediaId] })],
);
