import { partnerSchema, type Partner, type PartnerData } from '@contract/ads';
import { partyApi } from './party-api';

/** `/api/partners` (docs/ads.md#api); the device form's Parceiro select reads the same list. */
export const partnersApi = partyApi<Partner, PartnerData>('/api/partners', partnerSchema);
export const usePartners = partnersApi.useList;
