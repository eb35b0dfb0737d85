import { and, eq } from 'drizzle-orm';
import { activities } from '../db/schema';
import type { DomainEvent } from '../realtime/event-bus';
import type { TestContext } from './test-app';

export interface DeletePairs {
  /** How many pairs answered other than one 204 and one 404, with each pair's statuses. */
  wrongAnswers: string[];
  /** Pairs whose removal was written to the history other than once. */
  wrongHistory: string[];
  /** Pairs whose removal was announced other than once. */
  wrongEvents: string[];
}

/**
 * Removes each thing twice at the same moment (two requests, one per connection of the pool) and
 * reports every pair whose answers, history entries or announcements were not exactly one removal.
 * Only PostgreSQL runs the two transactions at once; PGlite runs one at a time.
 */
export async function deleteInPairs(
  t: TestContext,
  spec: {
    pairs: number;
    cookie: string;
    /** Makes one thing to remove; its id. */
    make: (index: number) => Promise<number>;
    url: (id: number) => string;
    activityType: string;
    /** The removal's own event for that id. */
    announced: (event: DomainEvent, id: number) => boolean;
  },
): Promise<DeletePairs> {
  const report: DeletePairs = { wrongAnswers: [], wrongHistory: [], wrongEvents: [] };
  for (let pair = 0; pair < spec.pairs; pair++) {
    const id = await spec.make(pair);
    const remove = () => t.app.inject({ method: 'DELETE', url: spec.url(id), headers: { cookie: spec.cookie } });
    const statuses = (await Promise.all([remove(), remove()])).map((r) => r.statusCode).sort();
    if (statuses.join() !== '204,404') report.wrongAnswers.push(`${id}: ${statuses.join(' + ')}`);
    const history = await t.database.db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.type, spec.activityType), eq(activities.entityId, id)));
    if (history.length !== 1) report.wrongHistory.push(`${id}: ${history.length}`);
    const events = t.events.filter((event) => spec.announced(event, id)).length;
    if (events !== 1) report.wrongEvents.push(`${id}: ${events}`);
  }
  return report;
}
