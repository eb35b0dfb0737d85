import { deviceAdsValues, type DeviceAdsFormValues, type DeviceFormInput } from '@contract/ads-forms';
import {
  DEFAULT_RESOLUTION,
  generateAuthCode,
  type Device,
  type DeviceData,
  type DeviceInput,
} from '@contract/devices';
import { ERROR_CODES } from '@contract/errors';
import type { OpeningHours } from '@contract/opening-hours';
import { ApiRequestError } from '@web/lib/api-error';
import type { UseFormReturn } from 'react-hook-form';

/** The device form's state, which its cards share (`ads` only for an admin, docs/ads.md#pages). */
export type DeviceFormControl = UseFormReturn<DeviceFormInput, unknown, DeviceData>;

/**
 * The form's values: the contract's device input with every field present. The opening hours are
 * always sent, the device's own (or null), so saving the form never loses them.
 */
export type DeviceFormValues = Required<Omit<DeviceInput, 'groupId' | 'openingHours'>> & {
  groupId: number | null;
  openingHours: OpeningHours | null;
  ads?: DeviceAdsFormValues;
};

/** Add Device: horizontal, one window, Full HD, no group and a fresh random code. */
export function newDeviceValues(random: () => number = Math.random): DeviceFormValues {
  return {
    name: '',
    location: '',
    orientation: 'horizontal',
    layout: 'single',
    layoutId: null,
    resolution: DEFAULT_RESOLUTION,
    groupId: null,
    openingHours: null,
    authCode: generateAuthCode(random),
  };
}

/** Edit Device: the device's current values. */
export function deviceValues(device: Device): DeviceFormValues {
  return {
    name: device.name,
    location: device.location,
    orientation: device.orientation,
    layout: device.layout,
    layoutId: device.layoutId,
    resolution: device.resolution || DEFAULT_RESOLUTION,
    groupId: device.groupId,
    openingHours: device.openingHours,
    authCode: device.authCode,
  };
}

const UNSOLD = { partnerId: null, pricePerPlayCents: null, audiencePerPlay: null };

/**
 * The form's first values. An admin's have `ads` (the device's partner, price and audience, or none),
 * and saving sends them; a user's have none, so the three are left out and the server keeps them.
 */
export function initialDeviceValues(device: Device | null, isAdmin: boolean): DeviceFormValues {
  const values = device ? deviceValues(device) : newDeviceValues();
  return isAdmin ? { ...values, ads: deviceAdsValues(device ?? UNSOLD) } : values;
}

/** docs/product.md#messages: the code is in use when the answer says AUTH_CODE_DUPLICATE, or is a 409. */
export function isDuplicateCodeError(error: unknown): boolean {
  const apiError = ApiRequestError.from(error);
  return apiError !== null && (apiError.status === 409 || apiError.code === ERROR_CODES.authCodeDuplicate);
}

/** A new code that differs from the one that was refused. */
export function freshAuthCode(previous: string, random: () => number = Math.random): string {
  for (let i = 0; i < 10; i += 1) {
    const code = generateAuthCode(random);
    if (code !== previous) return code;
  }
  return String((Number(previous) + 1) % 1_000_000).padStart(previous.length || 6, '0');
}
