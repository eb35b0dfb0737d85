import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AlertNotice } from '../../../contract/alerts';
import type { Db } from '../../db/client';
import { devices, incidents, media, playbackErrors, workspaces } from '../../db/schema';

export type NoticeEvent = 'screens.offline' | 'screens.online';

/** What a notice job carries: the incidents that opened or closed together, or the storage crossed. */
export type NoticePayload =
  | { event: NoticeEvent; incidentIds: number[] }
  | { event: 'storage.quota'; usedBytes: number; quotaBytes: number }
  | { event: 'media.failing'; failures: Array<{ deviceId: number; mediaId: number }> };

/**
 * The notice of incidents that opened (or closed) together (docs/alerts.md#notices): every screen
 * named with its location and last-seen time. Incidents of removed devices are gone with them.
 * A storage notice names the media's size and the quota.
 */
export async function loadNotice(
  db: Db,
  job: { id: number; workspaceId: number } & NoticePayload,
  publicUrl: string | undefined,
): Promise<{ notice: AlertNotice; timeZone: string } | null> {
  const [workspace] = await db
    .select({ id: workspaces.id, name: workspaces.name, timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, job.workspaceId));
  if (!workspace) return null;
  const common = {
    id: `${job.event}-${job.id}`,
    workspace: { id: workspace.id, name: workspace.name },
    sentAt: new Date().toISOString(),
  };
  if (job.event === 'media.failing') {
    const failures = await loadFailures(db, job.workspaceId, job.failures);
    if (failures.length === 0) return null;
    const notice: AlertNotice = {
      ...common,
      event: job.event,
      failures,
      screens: [],
      panelUrl: publicUrl ? `${publicUrl}/devices` : null,
    };
    return { notice, timeZone: workspace.timeZone };
  }
  if (job.event === 'storage.quota') {
    const storage = { usedBytes: job.usedBytes, quotaBytes: job.quotaBytes };
    const notice: AlertNotice = {
      ...common,
      event: job.event,
      storage,
      screens: [],
      panelUrl: publicUrl ? `${publicUrl}/gallery` : null,
    };
    return { notice, timeZone: workspace.timeZone };
  }
  const rows = await db
    .select({
      incidentId: incidents.id,
      startedAt: incidents.startedAt,
      endedAt: incidents.endedAt,
      deviceId: devices.id,
      name: devices.name,
      location: devices.location,
      lastSeen: devices.lastSeen,
    })
    .from(incidents)
    .innerJoin(devices, eq(devices.id, incidents.deviceId))
    .where(and(eq(incidents.workspaceId, job.workspaceId), inArray(incidents.id, job.incidentIds)))
    .orderBy(devices.name, devices.id);
  if (rows.length === 0) return null;
  const notice: AlertNotice = {
    ...common,
    event: job.event,
    screens: rows.map((r) => ({
      deviceId: r.deviceId,
      name: r.name,
      location: r.location,
      lastSeen: r.lastSeen?.toISOString() ?? null,
      incidentId: r.incidentId,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
    })),
    panelUrl: publicUrl ? `${publicUrl}/devices` : null,
  };
  return { notice, timeZone: workspace.timeZone };
}

const when = (iso: string | null, timeZone: string) =>
  iso
    ? new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(iso))
    : 'nunca';

/** The email of a notice, in pt-BR (docs/alerts.md#email): one message however many screens. */
export function noticeEmail(notice: AlertNotice, timeZone: string): { subject: string; text: string } {
  if (notice.storage) return storageEmail(notice, notice.storage);
  if (notice.failures) return failuresEmail(notice, notice.failures);
  const count = notice.screens.length;
  const offline = notice.event === 'screens.offline';
  const subject =
    notice.event === 'test'
      ? 'Sinalize: teste de alerta'
      : offline
        ? count === 1
          ? `Sinalize: a tela "${notice.screens[0]!.name}" está offline`
          : `Sinalize: ${count} telas offline`
        : count === 1
          ? `Sinalize: a tela "${notice.screens[0]!.name}" voltou`
          : `Sinalize: ${count} telas voltaram`;
  const intro = offline
    ? count === 1
      ? 'Esta tela está sem contato com o servidor:'
      : `Estas ${count} telas estão sem contato com o servidor:`
    : count === 1
      ? 'Esta tela voltou a ter contato com o servidor:'
      : `Estas ${count} telas voltaram a ter contato com o servidor:`;
  const lines = notice.screens.map(
    (s) =>
      `- ${s.name} (${s.location}): visto por último em ${when(s.lastSeen, timeZone)}` +
      (s.endedAt ? `; de volta em ${when(s.endedAt, timeZone)}` : ''),
  );
  const text = [
    `Empresa: ${notice.workspace.name}`,
    '',
    intro,
    ...lines,
    '',
    ...(notice.panelUrl ? [`Abra o painel: ${notice.panelUrl}`, ''] : []),
    'Você recebe este e-mail porque está na lista de alertas da empresa no Sinalize.',
  ].join('\n');
  return { subject, text };
}

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} GB`;

/** The storage notice's email (docs/alerts.md#storage). */
function storageEmail(notice: AlertNotice, storage: { usedBytes: number; quotaBytes: number }) {
  const share = Math.floor((storage.usedBytes / storage.quotaBytes) * 100);
  return {
    subject: `Sinalize: o armazenamento de mídias chegou a ${share} %`,
    text: [
      `Empresa: ${notice.workspace.name}`,
      '',
      `As mídias ocupam ${gigabytes(storage.usedBytes)} de ${gigabytes(storage.quotaBytes)} (${share} %).`,
      'Quando o limite for atingido, as mídias mais antigas fora de playlists serão removidas para dar lugar às novas.',
      '',
      ...(notice.panelUrl ? [`Abra a galeria: ${notice.panelUrl}`, ''] : []),
      'Você recebe este e-mail porque está na lista de alertas da empresa no Sinalize.',
    ].join('\n'),
  };
}

/** Each failing pair with its screen, its media's name and the last hour's count and last message. */
async function loadFailures(db: Db, workspaceId: number, pairs: Array<{ deviceId: number; mediaId: number }>) {
  const failures: NonNullable<AlertNotice['failures']> = [];
  for (const { deviceId, mediaId } of pairs) {
    const errors = await db
      .select({ message: playbackErrors.message, deviceName: devices.name, location: devices.location })
      .from(playbackErrors)
      .innerJoin(devices, eq(devices.id, playbackErrors.deviceId))
      .where(
        and(
          eq(playbackErrors.workspaceId, workspaceId),
          eq(playbackErrors.deviceId, deviceId),
          eq(playbackErrors.mediaId, mediaId),
          gt(playbackErrors.at, sql`now() - interval '1 hour'`),
        ),
      )
      .orderBy(desc(playbackErrors.at));
    if (errors.length === 0) continue;
    const [item] = await db.select({ name: media.originalName }).from(media).where(eq(media.id, mediaId));
    const last = errors[0]!;
    failures.push({
      deviceId,
      deviceName: last.deviceName,
      location: last.location,
      mediaId,
      mediaName: item?.name ?? null,
      count: errors.length,
      lastMessage: last.message,
    });
  }
  return failures;
}

/** The playback alert's email (docs/alerts.md#playback). */
function failuresEmail(notice: AlertNotice, failures: NonNullable<AlertNotice['failures']>) {
  const lines = failures.map(
    (f) =>
      `- "${f.mediaName ?? `mídia ${f.mediaId} (removida)`}" em ${f.deviceName} (${f.location}): ${f.count} falhas na última hora; última: ${f.lastMessage}`,
  );
  return {
    subject:
      failures.length === 1
        ? `Sinalize: uma mídia está falhando em "${failures[0]!.deviceName}"`
        : `Sinalize: ${failures.length} mídias estão falhando nas telas`,
    text: [
      `Empresa: ${notice.workspace.name}`,
      '',
      'Estas mídias falharam 3 vezes ou mais na última hora:',
      ...lines,
      '',
      'Confira o arquivo na galeria ou envie-o de novo.',
      ...(notice.panelUrl ? [`Abra o painel: ${notice.panelUrl}`, ''] : ['']),
      'Você recebe este e-mail porque está na lista de alertas da empresa no Sinalize.',
    ].join('\n'),
  };
}
