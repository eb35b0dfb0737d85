import { useEffect, useState } from 'react';

/**
 * The current time, refreshed at `nextChange` (a campaign starting or ending at midnight) and at
 * least every minute, so a window switches on and off without a reload.
 */
export function useNow(nextChange: (now: Date) => Date | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const change = nextChange(now);
    const wait = change ? Math.max(0, change.getTime() - Date.now()) + 50 : 60_000;
    const timer = setTimeout(() => setNow(new Date()), Math.min(wait, 60_000));
    return () => clearTimeout(timer);
  }, [now, nextChange]);
  return now;
}
