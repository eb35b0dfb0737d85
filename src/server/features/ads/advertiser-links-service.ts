import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  AD_LINK_PAGE,
  adLinkExpiry,
  adLinkStatus,
  type AdLink,
  type AdLinkCreated,
  type AdLinkInput,
} from '../../../contract/ad-statements';
import { adStatementMessages } from '../../../contract/ad-statements-messages';
import { ERROR_CODES } from '../../../contract/errors';
import { formatDayBr } from '../../../contract/report-format';
import type { SessionUser } from '../../auth/session-user';
import { ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { advertiserLinks, advertisers } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { recordActivity } from '../activities/activity-service';
import { subjectOf, type StatementSubject } from './advertiser-statement-service';

/**
 * Read-only links to an advertiser's statement (docs/ads.md#statement-links): whoever holds the
 * token sees that advertiser's figures for the link's period, live, until it expires or an admin
 * revokes it. The token (32 random bytes, base64url) is shown once, in the creation's answer; only
 * its SHA-256 is kept, so a copy of the database opens no statement. A revoked link is kept, for
 * the record.
 */

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type LinkRow = typeof advertiserLinks.$inferSelect;
const present = (row: LinkRow, now = Date.now()): AdLink => {
  const link = {
    id: row.id,
    advertiserId: row.advertiserId,
    from: row.periodFrom,
    to: row.periodTo,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
  return { ...link, status: adLinkStatus(link, now) };
};

/** The link's history entry, under its advertiser (the history's *Anunciantes* filter shows it). */
const activity = (actor: SessionUser, type: 'created' | 'revoked', subject: StatementSubject, link: LinkRow) =>
  ({
    ...ownedBy(actor),
    type: `advertiser_link_${type}`,
    data: { name: subject.advertiser.name, from: formatDayBr(link.periodFrom), to: formatDayBr(link.periodTo) },
    entityType: 'advertiser',
    entityId: subject.advertiser.id,
  }) as const;

/**
 * `POST /api/advertisers/{id}/links`. `publicUrl` is `PUBLIC_URL`, else the request's own origin
 * (the server serves the page too).
 */
export async function createLink(
  db: Db,
  actor: SessionUser,
  advertiserId: number,
  input: AdLinkInput,
  publicUrl: string,
): Promise<AdLinkCreated> {
  const subject = await subjectOf(db, actor, advertiserId);
  const expiresAt = adLinkExpiry(input, Date.now());
  if (!expiresAt) {
    throw new HttpError(400, adStatementMessages.expiresInvalid, ERROR_CODES.validation, [
      { path: ['expiresAt'], message: adStatementMessages.expiresInvalid },
    ]);
  }
  const token = randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(advertiserLinks)
      .values({
        ...ownedBy(actor),
        advertiserId,
        tokenHash: hashToken(token),
        periodFrom: input.from,
        periodTo: input.to,
        expiresAt,
      })
      .returning();
    await recordActivity(tx, activity(actor, 'created', subject, created!));
    return created!;
  });
  return { ...present(row), token, url: `${publicUrl}${AD_LINK_PAGE}/${token}` };
}

/** `GET /api/advertisers/{id}/links`: newest first, without tokens. */
export async function listLinks(db: Db, actor: SessionUser, advertiserId: number): Promise<AdLink[]> {
  await subjectOf(db, actor, advertiserId);
  const rows = await db
    .select()
    .from(advertiserLinks)
    .where(and(eq(advertiserLinks.advertiserId, advertiserId), visibleTo(advertiserLinks.workspaceId, actor)))
    .orderBy(desc(advertiserLinks.id));
  const now = Date.now();
  return rows.map((row) => present(row, now));
}

/**
 * `DELETE /api/advertisers/{id}/links/{linkId}`: sets `revoked_at` (once; revoking again changes
 * nothing and records nothing). Another advertiser's or workspace's link is 404.
 */
export async function revokeLink(db: Db, actor: SessionUser, advertiserId: number, linkId: number): Promise<AdLink> {
  const subject = await subjectOf(db, actor, advertiserId);
  const mine = and(
    eq(advertiserLinks.id, linkId),
    eq(advertiserLinks.advertiserId, advertiserId),
    visibleTo(advertiserLinks.workspaceId, actor),
  );
  const row = await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(advertiserLinks)
      .set({ revokedAt: new Date() })
      .where(and(mine, isNull(advertiserLinks.revokedAt)))
      .returning();
    if (revoked) {
      await recordActivity(tx, activity(actor, 'revoked', subject, revoked));
      return revoked;
    }
    const [existing] = await tx.select().from(advertiserLinks).where(mine);
    if (!existing) throw notFound(adStatementMessages.linkNotFound);
    return existing;
  });
  return present(row);
}

/** "Link expirado", 410, for a token that opens nothing: unknown, expired or revoked alike. */
const gone = () => new HttpError(410, adStatementMessages.linkExpired, ERROR_CODES.linkExpired);

/** The statement a public token opens (its advertiser and period), or 410. */
export async function subjectOfToken(
  db: Db,
  token: string,
): Promise<{ subject: StatementSubject; period: { from: string; to: string } }> {
  const [row] = await db
    .select({
      link: advertiserLinks,
      name: advertisers.name,
      document: advertisers.document,
    })
    .from(advertiserLinks)
    .innerJoin(advertisers, eq(advertisers.id, advertiserLinks.advertiserId))
    .where(eq(advertiserLinks.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || present(row.link).status !== 'ativo') throw gone();
  return {
    subject: {
      workspaceId: row.link.workspaceId,
      advertiser: { id: row.link.advertiserId, name: row.name, document: row.document },
    },
    period: { from: row.link.periodFrom, to: row.link.periodTo },
  };
}
