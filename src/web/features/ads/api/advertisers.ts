import { advertiserSchema, type Advertiser, type AdvertiserData } from '@contract/ads';
import { partyApi } from './party-api';

/** `/api/advertisers` (docs/ads.md#api). */
export const advertisersApi = partyApi<Advertiser, AdvertiserData>('/api/advertisers', advertiserSchema);
