import { sql } from 'drizzle-orm';
import type { AdFigures, AdStatement, AdStatementQuery, AdStatementScreen } from '../../../contract/ad-statements';
import { adsMessages } from '../../../contract/ads-messages';
import { byNameThenId } from '../../../contract/sort';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { advertisers } from '../../db/schema';

/**
 * An advertiser's statement (docs/ads.md#statements): its counted plays, audience and amount per
 * screen and day of a period, read from the daily roll-ups (`ad_play_days`, one row per day, screen,
 * ad and partner), never from `ad_plays`: the roll-ups carry the prices the plays kept, so a later
 * price change leaves the past as it was. Live: read again at each request.
 */

/** The statement's advertiser and workspace, as the admin routes and the public link both know them. */
export interface StatementSubject {
  workspaceId: number;
  advertiser: { id: number; name: string; document: string | null };
}

/** A screen's store key of its latest screenshot, for the PDF (not in the JSON: the store is private). */
export type ScreenshotKeys = Map<number, string>;

// Both drivers answer `execute` with `{ rows }`.
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
const figuresOf = (r: { plays: number | string; audience: number | string; amount_cents: number | string }) => ({
  plays: Number(r.plays),
  audience: Number(r.audience),
  amountCents: Number(r.amount_cents),
});
const add = (total: AdFigures, f: AdFigures) => {
  total.plays += f.plays;
  total.audience += f.audience;
  total.amountCents += f.amountCents;
};

/** The caller's advertiser, or 404 (another workspace's id reads as one that does not exist). */
export async function subjectOf(db: Db, actor: SessionUser, advertiserId: number): Promise<StatementSubject> {
  const row = await loadVisible(db, advertisers, actor, advertiserId, adsMessages.advertisers.notFound);
  return { workspaceId: row.workspaceId, advertiser: { id: row.id, name: row.name, document: row.document } };
}

/**
 * The statement of `subject` over the period (without one: the current month of the workspace's
 * time zone, up to today), and its screens' screenshot keys for the PDF.
 */
export async function readStatement(
  db: Db,
  subject: StatementSubject,
  period: AdStatementQuery,
): Promise<{ statement: AdStatement; screenshots: ScreenshotKeys }> {
  const { workspaceId, advertiser } = subject;
  const [workspace] = await rowsOf<{ name: string; time_zone: string; month_start: string; today: string }>(
    db.execute(sql`
      select name, time_zone,
        to_char(date_trunc('month', now() at time zone time_zone), 'YYYY-MM-DD') as month_start,
        to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today
      from workspaces where id = ${workspaceId}`),
  );
  const from = period.from ?? workspace!.month_start;
  const to = period.to ?? workspace!.today;
  const where = sql`p.workspace_id = ${workspaceId} and p.advertiser_id = ${advertiser.id}
    and p.day between ${from}::date and ${to}::date`;
  const [days, campaigns] = await Promise.all([
    rowsOf<{
      device_id: number;
      day: string;
      plays: string;
      audience: string;
      amount_cents: string;
      name: string | null;
      location: string | null;
      screenshot_key: string | null;
      screenshot_at: Date | string | null;
    }>(
      db.execute(sql`
        select p.device_id, to_char(p.day, 'YYYY-MM-DD') as day, sum(p.plays) as plays,
          sum(p.audience) as audience, sum(p.amount_cents) as amount_cents,
          d.name, d.location, d.screenshot_key, d.screenshot_at
        from ad_play_days p
        left join devices d on d.id = p.device_id and d.workspace_id = p.workspace_id
        where ${where}
        group by p.device_id, p.day, d.name, d.location, d.screenshot_key, d.screenshot_at
        order by p.device_id, p.day`),
    ),
    rowsOf<{ campaign_id: number; name: string | null; plays: string; audience: string; amount_cents: string }>(
      db.execute(sql`
        select p.campaign_id, c.name, sum(p.plays) as plays, sum(p.audience) as audience,
          sum(p.amount_cents) as amount_cents
        from ad_play_days p
        left join campaigns c on c.id = p.campaign_id and c.workspace_id = p.workspace_id
        where ${where}
        group by p.campaign_id, c.name`),
    ),
  ]);

  const totals: AdFigures = { plays: 0, audience: 0, amountCents: 0 };
  const screens = new Map<number, AdStatementScreen>();
  const screenshots: ScreenshotKeys = new Map();
  for (const row of days) {
    const figures = figuresOf(row);
    let screen = screens.get(row.device_id);
    if (!screen) {
      const at = row.screenshot_at === null ? null : new Date(row.screenshot_at).toISOString();
      screen = {
        id: row.device_id,
        name: row.name,
        location: row.location,
        plays: 0,
        audience: 0,
        amountCents: 0,
        days: [],
        screenshotAt: row.screenshot_key ? at : null,
      };
      screens.set(row.device_id, screen);
      if (row.screenshot_key) screenshots.set(row.device_id, row.screenshot_key);
    }
    screen.days.push({ day: row.day, ...figures });
    add(screen, figures);
    add(totals, figures);
  }
  const named = <T extends { id: number; name: string | null }>(rows: T[]) =>
    [...rows].sort((a, b) => byNameThenId({ id: a.id, name: a.name ?? '' }, { id: b.id, name: b.name ?? '' }));
  return {
    statement: {
      company: { name: workspace!.name },
      advertiser,
      period: { from, to },
      timeZone: workspace!.time_zone,
      generatedAt: new Date().toISOString(),
      totals,
      screens: named([...screens.values()]),
      campaigns: named(campaigns.map((c) => ({ id: c.campaign_id, name: c.name, ...figuresOf(c) }))),
    },
    screenshots,
  };
}

/** `GET /api/advertisers/{id}/statement`: the caller's advertiser's statement. */
export async function getStatement(db: Db, actor: SessionUser, advertiserId: number, period: AdStatementQuery) {
  return readStatement(db, await subjectOf(db, actor, advertiserId), period);
}
