import { basisPointsOf, type Partner } from '@contract/ads';
import { formatDocument } from '@contract/ads-forms';
import { formatBasisPoints } from '@contract/money';
import { AccessDenied } from '@web/components/access-denied';
import { partnerLabels as t, partyCommonLabels as common } from '@web/i18n/ads';
import { partnerCommissionLabels as commissions } from '@web/i18n/partner-commissions';
import { useSession } from '@web/lib/session';
import { Handshake } from 'lucide-react';
import { Link } from 'wouter';
import { partnersApi } from '../api/partners';
import { PartnerForm } from '../components/partner-form';
import { PartyList, type PartyColumn } from '../components/party-list';

const columns: PartyColumn<Partner>[] = [
  { header: common.name, cell: (p) => p.name, className: 'px-4 py-3 font-medium' },
  {
    header: common.document,
    cell: (p) => formatDocument(p.document),
    className: 'px-4 py-3 whitespace-nowrap tabular-nums',
  },
  { header: common.contactName, cell: (p) => p.contactName ?? common.none },
  { header: common.contactEmail, cell: (p) => p.contactEmail ?? common.none, className: 'px-4 py-3 break-all' },
  {
    header: t.commissionColumn,
    cell: (p) => formatBasisPoints(basisPointsOf(p.commissionPercent)),
    className: 'px-4 py-3 whitespace-nowrap tabular-nums',
  },
  {
    header: commissions.link,
    cell: (p) => (
      <Link href={`/partners/${p.id}/commissions`} aria-label={commissions.linkAria(p.name)} className="underline">
        {commissions.link}
      </Link>
    ),
  },
];

/** /partners, "Parceiros": the screens' owners, admin only (docs/ads.md#pages). */
export default function PartnersPage() {
  const { isAdmin } = useSession();
  return isAdmin ? <Partners /> : <AccessDenied hint={common.accessDeniedHint} />;
}

function Partners() {
  return (
    <PartyList
      labels={t}
      icon={Handshake}
      list={partnersApi.useList()}
      remove={partnersApi.useRemove()}
      columns={columns}
      Form={PartnerForm}
    />
  );
}
