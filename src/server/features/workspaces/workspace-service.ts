import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Workspace } from '../../../contract/workspaces';
import { hashPassword } from '../../auth/passwords';
import type { SessionUser } from '../../auth/session-user';
import { ownedBy } from '../../auth/tenancy';
import { notFound } from '../../http/errors';
import { recordActivity } from '../activities/activity-service';
import type { Db, Tx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { devices, media, playlists, users, workspaces } from '../../db/schema';
import type { EventBus } from '../../realtime/event-bus';
import type { MediaStore } from '../../storage/media-store';
import type { MediaRow } from '../media/media-presenter';
import { takeDerivedKeys } from '../media/media-pages';
import { removeStoredFiles, type ErrorLog } from '../media/media-service';

/** The first workspace's name when the install does not choose one (`WORKSPACE_NAME`). */
export const DEFAULT_WORKSPACE_NAME = 'Minha empresa';

export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`email taken: ${email}`);
  }
}

export async function getWorkspace(db: Db, id: number): Promise<Workspace | null> {
  const [row] = await db
    .select({ id: workspaces.id, name: workspaces.name, timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * The settings an admin changes (the time zone campaigns play by). Every TV of the workspace gets
 * a manifest with the new zone at once (`workspace.changed`).
 */
export async function updateWorkspaceSettings(
  deps: { db: Db; bus: EventBus },
  actor: SessionUser,
  settings: { timeZone: string },
): Promise<Workspace> {
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(workspaces)
      .set({ timeZone: settings.timeZone })
      .where(eq(workspaces.id, actor.workspaceId))
      .returning({ id: workspaces.id, name: workspaces.name, timeZone: workspaces.timeZone });
    if (!updated) throw notFound();
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'workspace_updated',
      data: { timeZone: settings.timeZone },
      entityType: 'workspace',
      entityId: updated.id,
    });
    return updated;
  });
  deps.bus.publish({ type: 'workspace.changed', workspaceId: row.id });
  return row;
}

/** By id, or by exact name (case-insensitive); several of one name: null (the caller asks for the id). */
export async function findWorkspaces(db: Db, by: { id: number } | { name: string }) {
  const where =
    'id' in by ? eq(workspaces.id, by.id) : sql`lower(${workspaces.name}) = ${by.name.trim().toLowerCase()}`;
  return db.select().from(workspaces).where(where).orderBy(workspaces.id);
}

/**
 * A workspace and its first administrator, in one transaction: a taken email (emails sign in, so
 * they are unique on the whole server) leaves nothing behind. Returns the generated password when
 * none was given, to be shown once.
 */
export async function createWorkspaceWithAdmin(
  db: Db | Tx,
  input: { name: string; email: string; password?: string; username?: string },
): Promise<{ workspace: Workspace; adminId: number; email: string; generatedPassword?: string }> {
  const email = input.email.trim().toLowerCase();
  const password = input.password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [workspace] = await tx
        .insert(workspaces)
        .values({ name: input.name.trim() })
        .returning({ id: workspaces.id, name: workspaces.name, timeZone: workspaces.timeZone });
      const [admin] = await tx
        .insert(users)
        .values({ username: input.username ?? 'admin', email, role: 'admin', passwordHash, workspaceId: workspace!.id })
        .returning({ id: users.id });
      return {
        workspace: workspace!,
        adminId: admin!.id,
        email,
        generatedPassword: input.password ? undefined : password,
      };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_unique') throw new EmailTakenError(email);
    throw error;
  }
}

/** Key of the advisory lock under which a first start creates the first workspace ('frst'). */
const FIRST_START_LOCK = 0x66727374;

/**
 * On a database with no users, creates the first workspace and its administrator so a new install
 * can sign in at once. Two processes starting together on one PostgreSQL create only one: the
 * check and the insert run under one advisory lock. Returns the generated password when none was
 * configured (printed once by the caller).
 */
export async function ensureFirstWorkspace(
  db: Db,
  opts: { email: string; password?: string; workspaceName?: string },
): Promise<{ email: string; workspace: Workspace; generatedPassword?: string } | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_START_LOCK})`);
    const [anyone] = await tx.select({ id: users.id }).from(users).limit(1);
    if (anyone) return null;
    const created = await createWorkspaceWithAdmin(tx, {
      name: opts.workspaceName ?? DEFAULT_WORKSPACE_NAME,
      email: opts.email,
      password: opts.password,
    });
    return { email: created.email, workspace: created.workspace, generatedPassword: created.generatedPassword };
  });
}

/** What went with a workspace and still has effects outside the database. */
export interface RemovedThings {
  devices: Array<{ id: number; workspaceId: number; screenshotKey: string | null }>;
  playlists: Array<{ id: number; workspaceId: number }>;
  media: MediaRow[];
  /** The store keys of its PDFs' rendered pages (docs/content.md#pdf). */
  pageKeys: string[];
}

export interface RemovalDeps {
  db: Db;
  bus: EventBus;
  store: MediaStore;
  log: ErrorLog;
}

/**
 * Removes a workspace and everything in it. In one transaction: the workspace row is locked first
 * (`FOR UPDATE`: an upload or a device created meanwhile waits, then fails on the foreign key
 * instead of slipping in), the devices, playlists and media are deleted and returned (their removal
 * matters outside the database: TVs hold tokens, files sit in the store), then the workspace, whose
 * users, sessions, groups, campaigns, activities and API keys go by FK cascade. After the commit,
 * `afterRemoval` revokes the TVs and deletes the files. Returns null when there is no such workspace.
 *
 * Rows in the transaction, files after the commit: a rollback never leaves a row without its file;
 * a crash after the commit leaves files without rows, which the start-up reconciliation deletes
 * (maintenance/orphan-files.ts).
 */
export async function removeWorkspace(deps: RemovalDeps, workspaceId: number): Promise<RemovedThings | null> {
  const removed = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for('update');
    if (!locked) return null;
    const things: RemovedThings = {
      devices: await tx
        .delete(devices)
        .where(eq(devices.workspaceId, workspaceId))
        .returning({ id: devices.id, workspaceId: devices.workspaceId, screenshotKey: devices.screenshotKey }),
      playlists: await tx
        .delete(playlists)
        .where(eq(playlists.workspaceId, workspaceId))
        .returning({ id: playlists.id, workspaceId: playlists.workspaceId }),
      pageKeys: await takeDerivedKeys(
        tx,
        (await tx.select({ id: media.id }).from(media).where(eq(media.workspaceId, workspaceId))).map((m) => m.id),
      ),
      media: await tx.delete(media).where(eq(media.workspaceId, workspaceId)).returning(),
    };
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    return things;
  });
  if (removed) await afterRemoval(deps, removed);
  return removed;
}

/**
 * After the commit: each TV is revoked at once (`device.disconnected`: its socket is closed with
 * 4001 and every process drops the token from its cache; `device.deleted` for the admin UIs), the
 * playlists are announced gone, and the media files and the TVs' screenshots are deleted from the store.
 */
async function afterRemoval(deps: RemovalDeps, removed: RemovedThings): Promise<void> {
  for (const d of removed.devices) {
    deps.bus.publish({ type: 'device.disconnected', deviceId: d.id, workspaceId: d.workspaceId });
    deps.bus.publish({ type: 'device.deleted', deviceId: d.id, workspaceId: d.workspaceId });
  }
  for (const p of removed.playlists)
    deps.bus.publish({ type: 'playlist.deleted', playlistId: p.id, workspaceId: p.workspaceId });
  await removeStoredFiles(deps.store, removed.media, deps.log, removed.pageKeys);
  const screenshots = removed.devices.flatMap((d) => (d.screenshotKey ? [d.screenshotKey] : []));
  await Promise.all(
    screenshots.map((key) =>
      deps.store
        .delete(key)
        .catch((error: unknown) => deps.log.error({ err: error, key }, 'could not remove a screenshot')),
    ),
  );
}
