import { formatRelativeTime } from '@web/lib/format';
import { useNow } from '@web/lib/use-now';

/** "Há 2 minutos" that keeps moving while the page stays open (one shared 30 s clock). */
export function RelativeTime({ value }: { value: string | null | undefined }) {
  const now = useNow();
  return <>{formatRelativeTime(value, now)}</>;
}
