import { deviceCommandResponseSchema, type DeviceCommandResponse } from '@contract/screens';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { deviceQueryKey } from '@web/lib/query-keys';

/**
 * `POST /api/devices/{id}/screenshot` (issue 15): 202 with the server's clock once the TV was asked,
 * 409 `DEVICE_OFFLINE` when it is not connected. The picture itself arrives later, as the device's
 * new `screenshotAt` (`device_changed`), or `device_screenshot_failed`.
 */
export async function requestScreenshot(id: number): Promise<DeviceCommandResponse> {
  return deviceCommandResponseSchema.parse(await apiJson<unknown>('POST', `${deviceQueryKey(id)[0]}/screenshot`));
}

export function useRequestScreenshot() {
  return useMutation({ mutationFn: requestScreenshot });
}
