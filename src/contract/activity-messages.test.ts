import { describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES, activitySentence, type ActivityData, type ActivityType } from './activity-messages';

/**
 * Every type with data and the sentence the history shows for it: the sentences the services
 * stored before the catalogue, word for word. `satisfies` makes a type left out of this table,
 * or data of the wrong shape, a compile error.
 */
const CASES = {
  signed_in: [{ name: 'ana' }, 'Usuário "ana" entrou'],
  signed_out: [{ name: 'ana' }, 'Usuário "ana" saiu'],
  user_created: [{ name: 'bia' }, 'Usuário "bia" criado'],
  user_updated: [{ name: 'bia2' }, 'Usuário "bia2" atualizado'],
  user_deleted: [{ name: 'bia2' }, 'Usuário "bia2" removido'],
  workspace_updated: [{ timeZone: 'America/Manaus' }, 'Fuso horário alterado para America/Manaus'],
  device_created: [{ name: 'TV Caixa' }, 'Dispositivo "TV Caixa" criado'],
  device_updated: [{ name: 'TV Balcão' }, 'Dispositivo "TV Balcão" atualizado'],
  device_deleted: [{ name: 'TV Balcão' }, 'Dispositivo "TV Balcão" removido'],
  device_disconnected: [{ name: 'TV Caixa' }, 'Dispositivo "TV Caixa" desconectado'],
  device_paired: [{ name: 'TV Caixa' }, 'TV pareada com o dispositivo "TV Caixa"'],
  device_reloaded: [{ name: 'TV Caixa' }, 'Player do dispositivo "TV Caixa" recarregado remotamente'],
  playlist_assigned: [{ name: 'TV Caixa' }, 'Playlists do dispositivo "TV Caixa" alteradas'],
  group_created: [{ name: 'Lojas' }, 'Grupo "Lojas" criado'],
  group_updated: [{ name: 'Lojas Sul' }, 'Grupo "Lojas Sul" atualizado'],
  group_deleted: [{ name: 'Lojas Sul' }, 'Grupo "Lojas Sul" removido'],
  group_playlists_assigned: [{ name: 'Lojas', devices: 3 }, 'Playlists dos 3 dispositivos do grupo "Lojas" alteradas'],
  advertiser_created: [{ name: 'Padaria' }, 'Anunciante "Padaria" criado'],
  advertiser_updated: [{ name: 'Padaria' }, 'Anunciante "Padaria" atualizado'],
  advertiser_deleted: [{ name: 'Padaria' }, 'Anunciante "Padaria" removido'],
  advertiser_link_created: [
    { name: 'Padaria', from: '01/11/2026', to: '30/11/2026' },
    'Link do extrato de "Padaria" criado (01/11/2026 a 30/11/2026)',
  ],
  advertiser_link_revoked: [
    { name: 'Padaria', from: '01/11/2026', to: '30/11/2026' },
    'Link do extrato de "Padaria" revogado (01/11/2026 a 30/11/2026)',
  ],
  partner_created: [{ name: 'Shopping' }, 'Parceiro "Shopping" criado'],
  partner_updated: [{ name: 'Shopping' }, 'Parceiro "Shopping" atualizado'],
  partner_deleted: [{ name: 'Shopping' }, 'Parceiro "Shopping" removido'],
  partner_commission_closed: [
    { name: 'Shopping', month: '11/2026' },
    'Comissões de 11/2026 do parceiro "Shopping" fechadas',
  ],
  partner_commission_paid: [
    { name: 'Shopping', month: '11/2026' },
    'Comissões de 11/2026 do parceiro "Shopping" marcadas como pagas',
  ],
  media_uploaded: [{ name: 'promoção.png' }, 'Mídia "promoção.png" enviada'],
  media_deleted: [{ name: 'promoção.png' }, 'Mídia "promoção.png" removida'],
  media_updated: [{ name: 'Ofertas' }, 'Mídia "Ofertas" atualizada'],
  content_created: [{ name: 'Ofertas' }, 'Conteúdo "Ofertas" criado'],
  media_evicted: [{ name: 'antiga.mp4' }, 'Mídia "antiga.mp4" removida para liberar espaço'],
  playlist_created: [{ name: 'Manhã' }, 'Playlist "Manhã" criada'],
  playlist_updated: [{ name: 'Tarde' }, 'Playlist "Tarde" atualizada'],
  playlist_deleted: [{ name: 'Tarde' }, 'Playlist "Tarde" removida'],
  campaign_created: [{ name: 'Verão' }, 'Campanha "Verão" criada'],
  campaign_updated: [{ name: 'Verão' }, 'Campanha "Verão" atualizada'],
  campaign_deleted: [{ name: 'Verão' }, 'Campanha "Verão" removida'],
  campaign_status: [{ name: 'Verão', status: 'published' }, 'Campanha "Verão": Publicada'],
  campaign_ended: [{ name: 'Verão' }, 'Campanha "Verão" encerrada'],
  emergency_started: [{ name: 'Evacuação' }, 'Emergência "Evacuação" iniciada'],
  api_key_created: [{ name: 'Integração' }, 'Chave de API "Integração" criada'],
  api_key_updated: [{ name: 'Integração', change: 'deactivated' }, 'Chave de API "Integração" desativada'],
  api_key_deleted: [{ name: 'Integração' }, 'Chave de API "Integração" removida'],
  layout_created: [{ name: 'Vitrine' }, 'Layout "Vitrine" criado'],
  layout_updated: [{ name: 'Vitrine 2' }, 'Layout "Vitrine 2" atualizado'],
  layout_deleted: [{ name: 'Vitrine 2' }, 'Layout "Vitrine 2" removido'],
} satisfies { [T in ActivityType]: [ActivityData<T>, string] };

describe('activity sentences (the history catalogue)', () => {
  it.each(Object.entries(CASES))('%s: its sentence from its data', (type, [data, sentence]) => {
    expect(activitySentence(type, data)).toBe(sentence);
  });

  it('covers every type of the catalogue', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(ACTIVITY_MESSAGES).sort());
  });

  it('says each label: the statuses of a campaign and the changes of an API key', () => {
    expect(
      (['draft', 'published', 'paused'] as const).map((status) =>
        activitySentence('campaign_status', { name: 'V', status }),
      ),
    ).toEqual(['Campanha "V": Rascunho', 'Campanha "V": Publicada', 'Campanha "V": Pausada']);
    expect(
      (['updated', 'activated', 'deactivated'] as const).map((change) =>
        activitySentence('api_key_updated', { name: 'K', change }),
      ),
    ).toEqual(['Chave de API "K" atualizada', 'Chave de API "K" ativada', 'Chave de API "K" desativada']);
  });

  it('never fails on data it does not expect: an unknown code as is, a missing field empty, an unknown type as its name', () => {
    expect(activitySentence('campaign_status', { name: 'V', status: 'archived' })).toBe('Campanha "V": archived');
    expect(activitySentence('campaign_status', { name: 'V', status: 'toString' })).toBe('Campanha "V": toString');
    expect(activitySentence('device_created', {})).toBe('Dispositivo "" criado');
    expect(activitySentence('device_created', null)).toBe('Dispositivo "" criado');
    expect(activitySentence('device_teleported', { name: 'TV' })).toBe('device_teleported');
    expect(activitySentence('toString', {})).toBe('toString');
  });
});
