import { t } from '@web/i18n/pt-br';
import { WifiOff } from 'lucide-react';

/**
 * docs/api.md#admin-channel: the UI shows when the live channel is down, so nobody trusts a screen that stopped
 * following changes. A polite status region: announced once, not on every retry.
 */
export function ConnectionIndicator({ down }: { down: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 md:pl-64"
    >
      {down ? (
        <p
          className="bg-warning text-foreground pointer-events-auto flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium shadow-lg"
          data-testid="realtime-offline"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          {t.realtime.offline}
        </p>
      ) : null}
    </div>
  );
}
