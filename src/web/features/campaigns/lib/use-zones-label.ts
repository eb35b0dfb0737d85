import { t } from '@web/i18n/pt-br';
import { useLayoutList, zoneChoices, zoneKeysLabel } from '@web/lib/layout-list';
import { useCallback, useMemo } from 'react';

/**
 * "Zonas: Principal" for a campaign limited to some zones (docs/layouts.md#campaigns), named from
 * the workspace's layouts; null for one that plays in every zone.
 */
export function useZonesLabel(): (zones: readonly string[] | null) => string | null {
  const layouts = useLayoutList();
  const choices = useMemo(() => zoneChoices(layouts.data), [layouts.data]);
  return useCallback((zones) => (zones ? t.campaigns.summary.zones(zoneKeysLabel(zones, choices)) : null), [choices]);
}
