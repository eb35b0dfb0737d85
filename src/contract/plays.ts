import { z } from 'zod';
import { zoneKeySchema } from './layouts';

/**
 * Proof of play (docs/proof-of-play.md#plays): what the player showed, one record per item shown, sent in batches to
 * `POST /api/tv/plays`. `clientId` makes a record unique per device: a batch sent twice (the answer
 * lost, the device offline) stores nothing twice.
 */
export const PLAYS_BATCH_MAX = 500;
/** How long a record may claim to have been on screen (a day): anything longer is a clock gone wrong. */
export const PLAY_MAX_DURATION_MS = 24 * 60 * 60 * 1000;
/** Raw plays are kept this many days by default (`PLAYS_RETENTION_DAYS`); daily roll-ups are kept. */
export const PLAYS_RETENTION_DAYS = 90;
/**
 * How far ahead of the server's clock a record may start (the player stamps records on the server's
 * clock; a day covers a clock read late): a batch with a record further ahead is refused whole.
 */
export const PLAY_FUTURE_SKEW_MS = 24 * 60 * 60 * 1000;
export const PLAY_MESSAGES = {
  startsInFuture: 'Exibição com data de início no futuro: confira o relógio da TV.',
} as const;

const positiveId = z.number().int().positive().max(2_147_483_647);

export const playRecordSchema = z.object({
  /** Made by the player (a UUID, or any 8–64 letters, digits, `-` and `_`). */
  clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Identificador de exibição inválido'),
  mediaId: positiveId,
  /** The playlist the item came from, and the campaign that put it on screen (null: the assigned one). */
  playlistId: positiveId.nullable(),
  campaignId: positiveId.nullable(),
  /** The zone's number from 0 (0 = window 1, 1 = window 2 of Tela Única / Tela Dupla). */
  window: z.number().int().min(0).max(7),
  /**
   * The zone's key (docs/layouts.md#plays); a player before zones sends none, and the server
   * takes `janela-1`/`janela-2` by `window`.
   */
  zone: zoneKeySchema.optional(),
  startedAt: z.iso.datetime({ offset: true, error: 'Data de início inválida' }),
  durationMs: z.number().int().min(0).max(PLAY_MAX_DURATION_MS),
  /** Ran for its whole duration (false: cut short by a switch, an error or the screen turned off). */
  completed: z.boolean(),
});
export type PlayRecord = z.infer<typeof playRecordSchema>;

export const playsBatchSchema = z
  .object({ plays: z.array(playRecordSchema).min(1, 'Envie ao menos uma exibição').max(PLAYS_BATCH_MAX) })
  .meta({ id: 'TvPlaysBatch' });
export const playsBatchResultSchema = z
  .object({
    /** Stored now. */
    accepted: z.number().int(),
    /**
     * Already stored by an earlier batch (same device and clientId), or started before the raw
     * plays' retention window (docs/proof-of-play.md#plays): ignored.
     */
    duplicates: z.number().int(),
  })
  .meta({ id: 'TvPlaysResult' });
export type PlaysBatchResult = z.infer<typeof playsBatchResultSchema>;
