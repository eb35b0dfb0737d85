import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_MESSAGES, type ActivitySlot, type ActivityTemplate } from '../../../contract/activity-messages';
import { activities } from '../../db/schema';

/** One slot as SQL, as `slotText` makes it: a label for a known code (else the code), '' when absent. */
function slotSql(slot: ActivitySlot): SQL {
  const value = sql`(${activities.data} ->> ${typeof slot === 'string' ? slot : slot.field}::text)`;
  if (typeof slot === 'object' && 'labels' in slot) {
    const labels = Object.entries(slot.labels as Record<string, string>).map(
      ([code, text]) => sql` when ${code}::text then ${text}::text`,
    );
    return sql`coalesce(case ${value}${sql.join(labels)} end, ${value}, '')`;
  }
  return sql`coalesce(${value}, '')`;
}

/**
 * An entry's sentence computed by the database, the same text `activitySentence` (contract) makes,
 * from the same templates: what the history's search matches, so it finds a sentence's words as
 * shown, names and verbs alike (`activities.test.ts` checks both agree for every type). An
 * entry written before the templates is its stored text.
 */
export const activitySentenceSql: SQL = (() => {
  const types = Object.entries(ACTIVITY_MESSAGES).map(([type, template]) => {
    const { parts, slots } = template as ActivityTemplate;
    const pieces = parts.flatMap((part, i) => [...(i === 0 ? [] : [slotSql(slots[i - 1]!)]), sql`${part}::text`]);
    return sql` when ${type}::text then concat(${sql.join(pieces, sql`, `)})`;
  });
  return sql`coalesce(${activities.legacyText}, case ${activities.type}${sql.join(types)} else ${activities.type} end)`;
})();
