import { useDeviceGroups } from '@web/features/device-groups/api/get-device-groups';
import { DeviceForm, type DeviceFormProps } from '@web/features/devices/components/device-form';
import { DeviceGroupsDialogWithAssign } from './device-groups-with-assign';

/** The device form with the device-groups feature plugged in: the group select and "Gerenciar grupos". */
export function DeviceFormWithGroups(props: DeviceFormProps) {
  const groups = useDeviceGroups();
  return <DeviceForm {...props} groups={groups.data} GroupsDialog={DeviceGroupsDialogWithAssign} />;
}
