import { WeekView } from '@web/features/campaigns/components/week-view';
import { useCampaignRefs } from './campaign-refs';

/** /campaigns/semana: what each screen or group plays per hour this week. */
export default function CampaignWeekPage() {
  return <WeekView {...useCampaignRefs()} />;
}
