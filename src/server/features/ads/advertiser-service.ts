import type { Advertiser, AdvertiserData } from '../../../contract/ads';
import { adsMessages } from '../../../contract/ads-messages';
import { advertisers } from '../../db/schema';
import { presentSharedFields, workspaceRowService } from './workspace-row-service';

/** Advertisers of the workspace (docs/ads.md): admins' rows, found only in their workspace (404 elsewhere). */
export const advertiserService = workspaceRowService({
  table: advertisers,
  entity: 'advertiser',
  notFoundMessage: adsMessages.advertisers.notFound,
  present: (row): Advertiser => presentSharedFields(row),
  toColumns: (data: AdvertiserData) => data,
});

export const { create: createAdvertiser } = advertiserService;
