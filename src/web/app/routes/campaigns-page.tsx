import { CampaignsView } from '@web/features/campaigns/components/campaigns-view';
import { useCampaignRefs } from './campaign-refs';

/** /campaigns: the list, given the playlists, devices and groups it names. */
export default function CampaignsPage() {
  return <CampaignsView {...useCampaignRefs()} />;
}
