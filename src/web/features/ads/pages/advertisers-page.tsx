import type { Advertiser } from '@contract/ads';
import { formatDocument } from '@contract/ads-forms';
import { AccessDenied } from '@web/components/access-denied';
import { advertiserLabels as t, partyCommonLabels as common } from '@web/i18n/ads';
import { useSession } from '@web/lib/session';
import { Button } from '@web/components/ui/button';
import { adStatementLabels as statementLabels } from '@web/i18n/ad-statements';
import { Megaphone, ReceiptText } from 'lucide-react';
import { Link } from 'wouter';
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
  // Its statement (docs/ads.md#statements): plays, audience and amount per screen and day, and its links.
  {
    header: statementLabels.action,
    cell: (a) => (
      <Button variant="outline" size="sm" asChild>
        <Link href={`/advertisers/${a.id}/statement`} aria-label={statementLabels.actionAria(a.name)}>
          <ReceiptText aria-hidden="true" />
          {statementLabels.action}
        </Link>
      </Button>
    ),
    className: 'px-4 py-2',
  },
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
