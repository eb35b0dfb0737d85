import { CampaignFormPage } from '@web/features/campaigns/components/campaign-form-page';
import { useParams } from 'wouter';
import { useCampaignRefs } from './campaign-refs';

/** /campaigns/new and /campaigns/{id}/edit. */
export default function CampaignFormRoute() {
  const params = useParams<{ id?: string }>();
  return <CampaignFormPage id={params.id} {...useCampaignRefs()} />;
}
