import { DEFAULT_TIME_ZONE } from '@contract/schedule';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';
import { getErrorStatus } from '@web/lib/api-error';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useSession } from '@web/lib/session';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { useCampaign } from '../api/get-campaign';
import type { CampaignRefs } from '../lib/refs';
import { CampaignForm } from './campaign-form';

/** A route id: a positive integer, or null (nothing is requested; the page says "not found"). */
const parseId = (value: string | undefined): number | null =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/** /campaigns/new (no `id`) and /campaigns/{id}/edit: the form, empty or filled from GET /api/campaigns/{id}. */
export function CampaignFormPage({ id, ...refs }: CampaignRefs & { id?: string }) {
  const editing = id !== undefined;
  const campaignId = editing ? parseId(id) : null;
  const campaign = useCampaign(campaignId);
  const { workspace } = useSession();
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  const l = t.campaigns.form;
  const notFound = editing && (campaignId === null || getErrorStatus(campaign.error) === 404);
  useDocumentTitle(notFound ? l.notFound : editing ? l.editTitle : l.createTitle);

  if (notFound) return <CampaignNotFound />;
  if (editing && campaign.isError) return <LoadError error={campaign.error} />;
  const loading = (editing && campaign.isPending) || refs.playlists === undefined;
  return (
    <div className="mx-auto grid max-w-4xl">
      <PageHeader title={editing ? l.editTitle : l.createTitle} />
      {loading ? (
        <div role="status" aria-label={t.common.loading} className="grid gap-6">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        // Keyed by id: another campaign starts a fresh form.
        <CampaignForm
          key={campaign.data?.id ?? 'new'}
          campaign={editing ? campaign.data : undefined}
          timeZone={timeZone}
          {...refs}
        />
      )}
    </div>
  );
}

function CampaignNotFound() {
  const l = t.campaigns.form;
  return (
    <Card className="mx-auto mt-8 max-w-md">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <SearchX className="text-muted-foreground size-12" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{l.notFound}</h1>
        <p className="text-muted-foreground">{l.notFoundHint}</p>
        <Button asChild className="mt-2">
          <Link href="/campaigns">
            <ArrowLeft aria-hidden="true" />
            {l.back}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
