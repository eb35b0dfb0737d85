import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../../contract/activities';
import { ACTIVITY_MESSAGES, activitySentence, type ActivityTemplate } from '../../../contract/activity-messages';
import { activities } from '../../db/schema';
import { userWithSession } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { recordActivity, type ActivityEntry } from './activity-service';
import { activitySentenceSql } from './activity-sentence-sql';

/**
 * The history's search matches the sentence the database makes (`activitySentenceSql`); the page
 * shows the one the contract makes (`activitySentence`). Both come from the same templates, and
 * here they agree for every type.
 */
describe('activity sentences in SQL (the history search)', () => {
  const t = useTestApp();

  it('makes the same sentence as the contract for every type, with accents, quotes, backslashes and LIKE characters', async () => {
    const owner = await userWithSession(t.database, 'user');
    const by = { userId: owner.user.id, workspaceId: owner.user.workspaceId, entityType: 'device', entityId: 1 };
    const entries = Object.entries(ACTIVITY_MESSAGES).map(([type, template]) => ({
      ...by,
      type,
      data: Object.fromEntries(
        (template as ActivityTemplate).slots.map((slot) =>
          typeof slot === 'string'
            ? [slot, `Ação "${type}" 100%_\\ 'fim'`]
            : 'count' in slot
              ? [slot.field, 12]
              : [slot.field, Object.keys(slot.labels)[1]],
        ),
      ),
    }));
    // Data this version would not write: an unknown code, a missing field, an unknown type.
    const odd = [
      { ...by, type: 'campaign_status', data: { name: 'V', status: 'archived' } },
      { ...by, type: 'device_created', data: {} },
      { ...by, type: 'device_teleported', data: { name: 'TV' } },
    ];
    await recordActivity(t.database.db, [...entries, ...odd] as ActivityEntry[]);

    const rows = await t.database.db
      .select({ type: activities.type, data: activities.data, sql: activitySentenceSql })
      .from(activities)
      .where(eq(activities.workspaceId, owner.user.workspaceId))
      .orderBy(activities.id);
    expect(rows).toHaveLength(Object.keys(ACTIVITY_MESSAGES).length + odd.length);
    for (const row of rows) expect(row.sql, row.type).toBe(activitySentence(row.type, row.data));
    expect(rows.find((r) => r.type === 'campaign_status')!.sql).toBe(
      'Campanha "Ação "campaign_status" 100%_\\ \'fim\'": Publicada',
    );
  });

  it('finds an entry by any words of its sentence as shown: the verb, the name or both, without accents or case', async () => {
    const owner = await userWithSession(t.database, 'user');
    const by = { userId: owner.user.id, workspaceId: owner.user.workspaceId };
    await recordActivity(t.database.db, [
      { ...by, type: 'device_created', data: { name: 'Televisão Recepção' }, entityType: 'device', entityId: 1 },
      {
        ...by,
        type: 'campaign_status',
        data: { name: 'Verão', status: 'paused' },
        entityType: 'campaign',
        entityId: 2,
      },
      {
        ...by,
        type: 'group_playlists_assigned',
        data: { name: 'Lojas', devices: 3 },
        entityType: 'device_group',
        entityId: 3,
      },
    ]);
    const search = async (text: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/activities?search=${encodeURIComponent(text)}`,
        headers: { cookie: owner.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: Activity[] }).items.map((a) => a.description);
    };
    expect(await search('DISPOSITIVO "televisao recepcao" criado')).toEqual([
      'Dispositivo "Televisão Recepção" criado',
    ]);
    expect(await search('pausada')).toEqual(['Campanha "Verão": Pausada']);
    expect(await search('3 dispositivos do grupo')).toEqual([
      'Playlists dos 3 dispositivos do grupo "Lojas" alteradas',
    ]);
    // The code is data, not words of the sentence.
    expect(await search('paused')).toEqual([]);
  });
});
