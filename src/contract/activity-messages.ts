import { CAMPAIGN_STATUS_LABELS } from './campaigns';

/**
 * The history's sentences (docs/activity-history.md): an entry is stored as its `type`, its entity
 * and `data`, the facts of the moment (a name as it was then), and its pt-BR sentence is made here
 * when it is read. One template per type; the template's slots are the type's data, so
 * `ActivityData<'device_created'>` is `{ name: string }` and a call writing another shape does not
 * compile. Templates are declarative (text between named slots) so that the server can build the
 * same sentence in SQL for the history's search (`features/activities/activity-sentence-sql.ts`).
 */

/** A slot showing a code by its label (a status, a kind of change). */
interface LabelSlot<F extends string = string, K extends string = string> {
  readonly field: F;
  readonly labels: Readonly<Record<K, string>>;
}
/** A slot showing a number as is. */
interface CountSlot<F extends string = string> {
  readonly field: F;
  readonly count: true;
}
/** A text slot is just its field's name. */
export type ActivitySlot = string | LabelSlot | CountSlot;

type SlotName<S> = S extends string ? S : S extends { field: infer F extends string } ? F : never;
type SlotValue<S> = S extends string
  ? string
  : S extends CountSlot
    ? number
    : S extends LabelSlot<string, infer K>
      ? K
      : never;
type DataOf<S extends readonly ActivitySlot[]> = { [Slot in S[number] as SlotName<Slot>]: SlotValue<Slot> };

export interface ActivityTemplate<D = unknown> {
  /** The text around the slots: `parts.length === slots.length + 1`, as a template literal has it. */
  readonly parts: readonly string[];
  readonly slots: readonly ActivitySlot[];
  /** Type only: the data the template reads. */
  readonly data?: D;
}

function sentence<const S extends readonly ActivitySlot[]>(
  parts: TemplateStringsArray,
  ...slots: S
): ActivityTemplate<DataOf<S>> {
  return { parts: [...parts], slots };
}
const label = <const F extends string, K extends string>(field: F, labels: Readonly<Record<K, string>>) =>
  ({ field, labels }) as LabelSlot<F, K>;
const count = <const F extends string>(field: F): CountSlot<F> => ({ field, count: true });

const API_KEY_CHANGES = { updated: 'atualizada', activated: 'ativada', deactivated: 'desativada' } as const;

/** The sentence of each activity type; data keys are stored in the database: rename one only with a migration. */
export const ACTIVITY_MESSAGES = {
  signed_in: sentence`Usuário "${'name'}" entrou`,
  signed_out: sentence`Usuário "${'name'}" saiu`,
  user_created: sentence`Usuário "${'name'}" criado`,
  user_updated: sentence`Usuário "${'name'}" atualizado`,
  user_deleted: sentence`Usuário "${'name'}" removido`,
  workspace_updated: sentence`Fuso horário alterado para ${'timeZone'}`,
  device_created: sentence`Dispositivo "${'name'}" criado`,
  device_updated: sentence`Dispositivo "${'name'}" atualizado`,
  device_deleted: sentence`Dispositivo "${'name'}" removido`,
  device_disconnected: sentence`Dispositivo "${'name'}" desconectado`,
  device_paired: sentence`TV pareada com o dispositivo "${'name'}"`,
  device_reloaded: sentence`Player do dispositivo "${'name'}" recarregado remotamente`,
  playlist_assigned: sentence`Playlists do dispositivo "${'name'}" alteradas`,
  group_created: sentence`Grupo "${'name'}" criado`,
  group_updated: sentence`Grupo "${'name'}" atualizado`,
  group_deleted: sentence`Grupo "${'name'}" removido`,
  group_playlists_assigned: sentence`Playlists dos ${count('devices')} dispositivos do grupo "${'name'}" alteradas`,
  advertiser_created: sentence`Anunciante "${'name'}" criado`,
  advertiser_updated: sentence`Anunciante "${'name'}" atualizado`,
  advertiser_deleted: sentence`Anunciante "${'name'}" removido`,
  advertiser_link_created: sentence`Link do extrato de "${'name'}" criado (${'from'} a ${'to'})`,
  advertiser_link_revoked: sentence`Link do extrato de "${'name'}" revogado (${'from'} a ${'to'})`,
  partner_created: sentence`Parceiro "${'name'}" criado`,
  partner_updated: sentence`Parceiro "${'name'}" atualizado`,
  partner_deleted: sentence`Parceiro "${'name'}" removido`,
  partner_commission_closed: sentence`Comissões de ${'month'} do parceiro "${'name'}" fechadas`,
  partner_commission_paid: sentence`Comissões de ${'month'} do parceiro "${'name'}" marcadas como pagas`,
  media_uploaded: sentence`Mídia "${'name'}" enviada`,
  media_deleted: sentence`Mídia "${'name'}" removida`,
  media_evicted: sentence`Mídia "${'name'}" removida para liberar espaço`,
  media_updated: sentence`Mídia "${'name'}" atualizada`,
  content_created: sentence`Conteúdo "${'name'}" criado`,
  playlist_created: sentence`Playlist "${'name'}" criada`,
  playlist_updated: sentence`Playlist "${'name'}" atualizada`,
  playlist_deleted: sentence`Playlist "${'name'}" removida`,
  campaign_created: sentence`Campanha "${'name'}" criada`,
  campaign_updated: sentence`Campanha "${'name'}" atualizada`,
  campaign_deleted: sentence`Campanha "${'name'}" removida`,
  campaign_status: sentence`Campanha "${'name'}": ${label('status', CAMPAIGN_STATUS_LABELS)}`,
  campaign_ended: sentence`Campanha "${'name'}" encerrada`,
  emergency_started: sentence`Emergência "${'name'}" iniciada`,
  api_key_created: sentence`Chave de API "${'name'}" criada`,
  api_key_updated: sentence`Chave de API "${'name'}" ${label('change', API_KEY_CHANGES)}`,
  api_key_deleted: sentence`Chave de API "${'name'}" removida`,
  layout_created: sentence`Layout "${'name'}" criado`,
  layout_updated: sentence`Layout "${'name'}" atualizado`,
  layout_deleted: sentence`Layout "${'name'}" removido`,
} as const satisfies Record<string, ActivityTemplate>;

export type ActivityType = keyof typeof ACTIVITY_MESSAGES;
export type ActivityData<T extends ActivityType> =
  (typeof ACTIVITY_MESSAGES)[T] extends ActivityTemplate<infer D> ? D : never;
/** What a change records: its type and that type's data, checked together. */
export type ActivityRecord = { [T in ActivityType]: { type: T; data: ActivityData<T> } }[ActivityType];

export const isActivityType = (type: string): type is ActivityType => Object.hasOwn(ACTIVITY_MESSAGES, type);

/** One slot's text: a label for a known code (else the code), a number or a text as is, '' when absent. */
export function slotText(slot: ActivitySlot, data: Readonly<Record<string, unknown>>): string {
  const field = typeof slot === 'string' ? slot : slot.field;
  const value = data[field];
  if (value === undefined || value === null) return '';
  const text = String(value);
  const labels: Readonly<Record<string, string>> | undefined =
    typeof slot === 'object' && 'labels' in slot ? slot.labels : undefined;
  return (labels && Object.hasOwn(labels, text) ? labels[text] : undefined) ?? text;
}

/**
 * An entry's sentence from its type and data. A type this version does not know (written by a newer
 * one) reads as its type, never as an error: the history always shows something.
 */
export function activitySentence(type: string, data: unknown): string {
  if (!isActivityType(type)) return type;
  const { parts, slots } = ACTIVITY_MESSAGES[type] as ActivityTemplate;
  const values = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return parts.reduce((text, part, i) => text + (i === 0 ? '' : slotText(slots[i - 1]!, values)) + part, '');
}
