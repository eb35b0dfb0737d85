import { Button } from '@web/components/ui/button';
import { t } from '@web/i18n/pt-br';
import { HardDrive, History } from 'lucide-react';
import type { HealthFilter } from '../lib/device-health';

const labels = t.devices.health.filters;

/** Beside the group filter: "Pouco espaço" and "Versão antiga", each a toggle (docs/screen-health.md#the-panel). */
export function HealthFilterButtons({
  value,
  onChange,
}: {
  value: HealthFilter;
  onChange: (value: HealthFilter) => void;
}) {
  const toggle = (key: keyof HealthFilter) => onChange({ ...value, [key]: !value[key] });
  return (
    <div role="group" aria-label={labels.label} className="flex gap-2">
      <Button
        type="button"
        variant={value.lowStorage ? 'secondary' : 'outline'}
        aria-pressed={value.lowStorage}
        onClick={() => toggle('lowStorage')}
      >
        <HardDrive aria-hidden="true" />
        {labels.lowStorage}
      </Button>
      <Button
        type="button"
        variant={value.oldVersion ? 'secondary' : 'outline'}
        aria-pressed={value.oldVersion}
        onClick={() => toggle('oldVersion')}
      >
        <History aria-hidden="true" />
        {labels.oldVersion}
      </Button>
    </div>
  );
}
