import { playsText, type CampaignFormValues } from '@contract/campaign-forms';
import type { Campaign, CampaignData } from '@contract/campaigns';
import { ALL_WEEKDAYS, instantOf, localTime } from '@contract/schedule';
import type { UseFormReturn } from 'react-hook-form';

/** The campaign form: its typed values (`campaignFormSchema`'s input) and what it sends. */
export type CampaignFormControl = UseFormReturn<CampaignFormValues, unknown, CampaignData>;

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value ("2026-06-05T11:30") on the workspace's wall clock. */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const at = localTime(date, timeZone);
  return `${at.year}-${two(at.month)}-${two(at.day)}T${two(Math.floor(at.minutes / 60))}:${two(at.minutes % 60)}`;
}

/** "-03:00" for an offset of -180 minutes. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/**
 * A `datetime-local` value read on the workspace's wall clock → ISO with that zone's offset
 * ("2026-06-05T11:30:00-03:00"), what the API takes. Empty → null; anything unreadable is
 * passed on as typed, so the schema answers "Data inválida".
 */
export function fromLocalInput(value: string, timeZone: string): string | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const instant = instantOf({ year, month, day }, hour * 60 + minute, timeZone);
  if (Number.isNaN(instant.getTime())) return value;
  const wall = localTime(instant, timeZone);
  const wallUtc = Date.UTC(wall.year, wall.month - 1, wall.day, 0, wall.minutes);
  const offset = Math.round((wallUtc - instant.getTime()) / 60_000);
  const date = `${wall.year}-${two(wall.month)}-${two(wall.day)}`;
  const time = `${two(Math.floor(wall.minutes / 60))}:${two(wall.minutes % 60)}:00`;
  return `${date}T${time}${offsetText(offset)}`;
}

/**
 * A new campaign: a draft for every day, all day, normal priority, no screens yet; regular, with an
 * ad's goal over its flight ready should an admin choose "Anúncio".
 */
export function newCampaignValues(): CampaignFormValues {
  return {
    name: '',
    description: '',
    playlistId: undefined as unknown as number,
    deviceIds: [],
    groupIds: [],
    allDevices: false,
    startDate: null,
    endDate: null,
    status: 'draft',
    priority: 'normal',
    schedule: { weekdays: [...ALL_WEEKDAYS], startTime: null, endTime: null },
    zones: null,
    type: 'regular',
    advertiserId: null,
    goalKind: 'flight',
    goalPlays: '',
    capPerHour: '',
  };
}

/** The form's values for an existing campaign (an ended one keeps its end date). */
export function campaignValues(campaign: Campaign): CampaignFormValues {
  return {
    name: campaign.name,
    description: campaign.description ?? '',
    playlistId: campaign.playlistId ?? (undefined as unknown as number),
    deviceIds: campaign.deviceIds,
    groupIds: campaign.groupIds,
    allDevices: campaign.allDevices,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    status: campaign.status,
    // Emergencies have their own action; their form keeps the priority they were made with.
    priority: campaign.priority,
    schedule: {
      weekdays: campaign.schedule.weekdays,
      startTime: campaign.schedule.startTime,
      endTime: campaign.schedule.endTime,
    },
    zones: campaign.zones,
    // An ad's own (docs/ads.md#ad-campaigns); a user's form shows none and sends them back unchanged.
    type: campaign.type,
    advertiserId: campaign.advertiserId,
    goalKind: campaign.goalKind ?? 'flight',
    goalPlays: playsText(campaign.goalPlays),
    capPerHour: playsText(campaign.capPerHour),
  };
}

/** Toggles one day in a weekday list, kept in order. */
export function toggleWeekday(weekdays: readonly number[], day: number): number[] {
  return weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort((a, b) => a - b);
}
