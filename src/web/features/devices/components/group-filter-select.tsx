import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { ALL_GROUPS, NO_GROUP, type GroupFilter } from '../lib/group-filter';

type GroupFilterSelectProps = {
  value: GroupFilter;
  onChange: (value: GroupFilter) => void;
  /** The workspace's groups, by name (the device-groups feature's list, given by the page). */
  groups: readonly { id: number; name: string }[] | undefined;
  className?: string;
};

/** Beside the search: every group, one group, or the devices without a group. */
export function GroupFilterSelect({ value, onChange, groups, className }: GroupFilterSelectProps) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger
        aria-label={t.devices.groupFilter}
        className={cn('sm:w-56', className)}
        data-testid="device-group-filter"
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL_GROUPS}>{t.devices.allGroups}</SelectItem>
        {(groups ?? []).map((group) => (
          <SelectItem key={group.id} value={String(group.id)}>
            {group.name}
          </SelectItem>
        ))}
        <SelectItem value={NO_GROUP}>{t.devices.noGroup}</SelectItem>
      </SelectContent>
    </Select>
  );
}
