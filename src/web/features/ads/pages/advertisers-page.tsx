import type { Advertiser } from '@contract/ads';
import { formatDocument } from '@contract/ads-forms';
import { AccessDenied } from '@web/components/access-denied';
import { advertiserLabels as t, partyCommonLabels as common } from '@web/i18n/ads';
import { useSession } from '@web/lib/session';
import { Megaphone } from 'lucide-react';
import { advertisersApi } from '../api/advertisers';
import { AdvertiserForm } from '../components/advertiser-form';
import { PartyList, type PartyColumn } from '../components/party-list';

const columns: PartyColumn<Advertiser>[] = [
  { header: common.name, cell: (a) => a.name, className: 'px-4 py-3 font-medium' },
  {
    header: common.document,
    cell: (a) => (a.document ? formatDocument(a.document) : common.none),
    className: 'px-4 py-3 whitespace-nowrap tabular-nums',
  },
  { header: common.contactEmail, cell: (a) => a.contactEmail ?? common.none, className: 'px-4 py-3 break-all' },
];

/** /advertisers, "Anunciantes": admin only, like Alertas (docs/ads.md#pages). */
export default function AdvertisersPage() {
  const { isAdmin } = useSession();
  return isAdmin ? <Advertisers /> : <AccessDenied hint={common.accessDeniedHint} />;
}

function Advertisers() {
  return (
    <PartyList
      labels={t}
      icon={Megaphone}
      list={advertisersApi.useList()}
      remove={advertisersApi.useRemove()}
      columns={columns}
      Form={AdvertiserForm}
    />
  );
}
