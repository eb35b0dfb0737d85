import type { Partner, PartnerData } from '@contract/ads';
import { commissionInputText, formatDocument, partnerFormSchema, type PartnerFormValues } from '@contract/ads-forms';
import { zodResolver } from '@hookform/resolvers/zod';
import { partnerLabels as t, partyCommonLabels as common } from '@web/i18n/ads';
import { useForm } from 'react-hook-form';
import { partnersApi } from '../api/partners';
import { NameAndDocumentFields, PartyForm } from './party-form';
import { TextField } from '@web/components/text-field';

/**
 * New or edit partner (docs/ads.md#the-model): the commission is typed pt-BR style (`12,5`) and
 * read as integer basis points by the contract's form schema (docs/ads.md#money).
 */
export function PartnerForm({ row, onDone }: { row: Partner | null; onDone: () => void }) {
  const save = partnersApi.useSave();
  const form = useForm<PartnerFormValues, unknown, PartnerData>({
    resolver: zodResolver(partnerFormSchema),
    defaultValues: {
      name: row?.name ?? '',
      document: row ? formatDocument(row.document) : '',
      contactName: row?.contactName ?? '',
      contactEmail: row?.contactEmail ?? '',
      commissionPercent: row ? commissionInputText(row.commissionPercent) : '',
    },
  });
  return (
    <PartyForm
      form={form}
      id={row?.id ?? null}
      save={save}
      labels={t}
      fields={['name', 'document', 'contactName', 'contactEmail', 'commissionPercent']}
      onDone={onDone}
    >
      <NameAndDocumentFields form={form} prefix="partner" documentHint={t.documentHint} />
      <TextField form={form} name="contactName" id="partner-contact-name" label={common.contactName} />
      <TextField form={form} name="contactEmail" id="partner-email" label={common.contactEmail} type="email" />
      <TextField
        form={form}
        name="commissionPercent"
        id="partner-commission"
        label={t.commission}
        hint={t.commissionHint}
        inputMode="decimal"
      />
    </PartyForm>
  );
}
