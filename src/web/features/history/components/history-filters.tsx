import { ACTIVITY_ENTITY_LABELS } from '@contract/activities';
import { SearchField } from '@web/components/search-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { t } from '@web/i18n/pt-br';

export interface FilterValues {
  entityType: string;
  userId: string;
  from: string;
  to: string;
  search: string;
}

export const ALL = 'all';
export const NO_FILTERS: FilterValues = { entityType: ALL, userId: ALL, from: '', to: '', search: '' };

/** Entity type, user, period (workspace days) and a search over the descriptions. */
export function HistoryFilters({
  values,
  onChange,
  users,
}: {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  users: Array<{ id: number; name: string }>;
}) {
  const set = (patch: Partial<FilterValues>) => onChange({ ...values, ...patch });
  const filtered = JSON.stringify(values) !== JSON.stringify(NO_FILTERS);
  return (
    // The search has a row of its own: beside five filters it was squeezed to a few pixels next to the sidebar.
    <div className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem_10rem_auto] xl:items-end">
      <SearchField
        className="sm:col-span-2 xl:col-span-5"
        value={values.search}
        onChange={(search) => set({ search })}
        placeholder={t.history.search}
        label={t.history.searchLabel}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="history-entity">{t.history.entityType}</Label>
        <Select value={values.entityType} onValueChange={(entityType) => set({ entityType })}>
          <SelectTrigger id="history-entity">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t.history.allEntities}</SelectItem>
            {Object.entries(ACTIVITY_ENTITY_LABELS).map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="history-user">{t.history.user}</Label>
        <Select value={values.userId} onValueChange={(userId) => set({ userId })}>
          <SelectTrigger id="history-user">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t.history.allUsers}</SelectItem>
            {users.map((user) => (
              <SelectItem key={user.id} value={String(user.id)}>
                {user.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="history-from">{t.history.from}</Label>
        <Input
          id="history-from"
          type="date"
          value={values.from}
          max={values.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="history-to">{t.history.to}</Label>
        <Input
          id="history-to"
          type="date"
          value={values.to}
          min={values.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
      <Button variant="outline" disabled={!filtered} onClick={() => onChange(NO_FILTERS)}>
        {t.history.clearFilters}
      </Button>
    </div>
  );
}
