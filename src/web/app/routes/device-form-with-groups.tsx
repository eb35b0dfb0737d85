import { usePartners } from '@web/features/ads/api/partners';
import { useDeviceGroups } from '@web/features/device-groups/api/get-device-groups';
import { DeviceForm, type DeviceFormProps } from '@web/features/devices/components/device-form';
import { useSession } from '@web/lib/session';
import { DeviceGroupsDialogWithAssign } from './device-groups-with-assign';

/**
 * The device form with the device-groups feature plugged in (the group select and "Gerenciar
 * grupos"), and for an admin the ads feature's partners (the "Anúncios" card, docs/ads.md#pages).
 */
export function DeviceFormWithGroups(props: DeviceFormProps) {
  const groups = useDeviceGroups();
  const { isAdmin } = useSession();
  // A user is answered 403 by /api/partners: not asked.
  const partners = usePartners({ enabled: isAdmin });
  return (
    <DeviceForm {...props} groups={groups.data} GroupsDialog={DeviceGroupsDialogWithAssign} partners={partners.data} />
  );
}
