import { nextDecisionAt, type SchedulableCampaign } from '@contract/schedule';
import { useEffect, useState } from 'react';

/**
 * The instant campaign states are read at, moved on whenever one may change: at each whole minute
 * (schedules are whole minutes) and at any start or end date before it (`nextDecisionAt`, the rule
 * the player follows). New data re-arms it, so a campaign just ended or an emergency just started
 * (dates set by the server's clock) shows its new state as soon as that instant is reached here.
 */
export function useDecisionNow(campaigns: readonly SchedulableCampaign[] | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const next = nextDecisionAt(campaigns ?? [], new Date(now)).getTime();
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()));
    return () => clearTimeout(timer);
  }, [campaigns, now]);
  return now;
}
