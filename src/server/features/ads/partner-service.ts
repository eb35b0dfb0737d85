import { basisPointsOf, percentOf, type Partner, type PartnerData } from '../../../contract/ads';
import { adsMessages } from '../../../contract/ads-messages';
import { partners } from '../../db/schema';
import { presentSharedFields, workspaceRowService } from './workspace-row-service';

/**
 * Partners of the workspace (docs/ads.md): admins' rows, found only in their workspace (404 elsewhere).
 * The commission travels as a percentage and is stored as integer basis points (docs/ads.md#money).
 * Removing one leaves its screens with no partner (the foreign key sets `partner_id` to null).
 */
export const partnerService = workspaceRowService({
  table: partners,
  entity: 'partner',
  notFoundMessage: adsMessages.partners.notFound,
  present: (row): Partner => ({
    ...presentSharedFields(row),
    contactName: row.contactName,
    commissionPercent: percentOf(row.commissionBasisPoints),
  }),
  toColumns: ({ commissionPercent, ...fields }: PartnerData) => ({
    ...fields,
    commissionBasisPoints: basisPointsOf(commissionPercent),
  }),
});

export const { create: createPartner } = partnerService;
