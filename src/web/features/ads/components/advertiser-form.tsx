import { advertiserInputSchema, type Advertiser, type AdvertiserData, type AdvertiserInput } from '@contract/ads';
import { formatDocument } from '@contract/ads-forms';
import { zodResolver } from '@hookform/resolvers/zod';
import { advertiserLabels as t, partyCommonLabels as common } from '@web/i18n/ads';
import { useForm } from 'react-hook-form';
import { advertisersApi } from '../api/advertisers';
import { NameAndDocumentFields, PartyForm } from './party-form';
import { TextField } from '@web/components/text-field';

/** New or edit advertiser (docs/ads.md#the-model): the API's own schema checks the form. */
export function AdvertiserForm({ row, onDone }: { row: Advertiser | null; onDone: () => void }) {
  const save = advertisersApi.useSave();
  const form = useForm<AdvertiserInput, unknown, AdvertiserData>({
    resolver: zodResolver(advertiserInputSchema),
    defaultValues: {
      name: row?.name ?? '',
      document: row?.document ? formatDocument(row.document) : '',
      contactEmail: row?.contactEmail ?? '',
    },
  });
  return (
    <PartyForm
      form={form}
      id={row?.id ?? null}
      save={save}
      labels={t}
      fields={['name', 'document', 'contactEmail']}
      onDone={onDone}
    >
      <NameAndDocumentFields form={form} prefix="advertiser" documentHint={t.documentHint} />
      <TextField form={form} name="contactEmail" id="advertiser-email" label={common.contactEmail} type="email" />
    </PartyForm>
  );
}
