import { deviceCommandResponseSchema, type DeviceCommandResponse } from '@contract/screens';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { deviceQueryKey } from '@web/lib/query-keys';

/** `POST /api/devices/{id}/reload` (issue 15): the TV reloads its player page; 409 when it is offline. */
export async function reloadDevice(id: number): Promise<DeviceCommandResponse> {
  return deviceCommandResponseSchema.parse(await apiJson<unknown>('POST', `${deviceQueryKey(id)[0]}/reload`));
}

export function useReloadDevice() {
  return useMutation({ mutationFn: reloadDevice });
}
