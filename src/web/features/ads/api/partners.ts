import { partnerSchema, type Partner, type PartnerData } from '@contract/ads';
import { markDevicesStale } from '@web/lib/stale-devices';
import { partyApi } from './party-api';

/**
 * `/api/partners` (docs/ads.md#api); the device form's Parceiro select reads the same list. A removed
 * partner's screens have none: the cached devices are read again when next shown.
 */
export const partnersApi = partyApi<Partner, PartnerData>('/api/partners', partnerSchema, markDevicesStale);
export const usePartners = partnersApi.useList;
