import type { DayInterval } from '@contract/opening-hours';
import { minutesOf } from '@contract/schedule';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Plus } from 'lucide-react';
import { RemoveIconButton } from './remove-icon-button';

/** The opening hours editor's texts (docs/opening-hours.md#the-panel-editors). */
export const openingHoursTexts = {
  title: 'Horário de funcionamento',
  always: 'Sempre ligada',
  alwaysHint:
    'Desmarque para definir quando a tela fica ligada. Fora do horário ela mostra tela preta e não exibe nada.',
  closedDay: 'Desligada',
  add: 'Adicionar horário',
  until: 'até',
  crossesMidnight: 'Termina no dia seguinte (passa da meia-noite).',
  noInterval: 'Sem nenhum horário a tela fica sempre desligada.',
  exceptions: 'Exceções (feriados e datas especiais)',
  addException: 'Adicionar exceção',
  date: 'Data',
  closedAllDay: 'Fechada o dia todo',
  removeInterval: 'Remover horário',
  removeException: 'Remover exceção',
} as const;

const crossesMidnight = (i: DayInterval) => {
  const [start, end] = [minutesOf(i.start), minutesOf(i.end)];
  return start !== null && end !== null && end < start;
};

export type IntervalRowProps = {
  id: string;
  label: string;
  interval: DayInterval;
  errors: string[];
  onChange: (next: Partial<DayInterval>) => void;
  onRemove: () => void;
};

export function IntervalRow({ id, label, interval, errors, onChange, onRemove }: IntervalRowProps) {
  const describedBy = errors.length > 0 ? `${id}-error` : crossesMidnight(interval) ? `${id}-hint` : undefined;
  return (
    <div className="grid gap-1" data-interval={id}>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          type="time"
          className="w-32"
          aria-label={`Abertura — ${label}`}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy}
          value={interval.start}
          onChange={(e) => onChange({ start: e.target.value })}
        />
        <span className="text-muted-foreground text-sm">{openingHoursTexts.until}</span>
        <Input
          type="time"
          className="w-32"
          aria-label={`Fechamento — ${label}`}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy}
          value={interval.end}
          onChange={(e) => onChange({ end: e.target.value })}
        />
        <RemoveIconButton label={`${openingHoursTexts.removeInterval} — ${label}`} onClick={onRemove} />
      </div>
      {crossesMidnight(interval) ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {openingHoursTexts.crossesMidnight}
        </p>
      ) : null}
      <Errors id={id} messages={errors} />
    </div>
  );
}

export function AddButton({ label, text, onClick }: { label: string; text: string; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" size="sm" className="w-fit" aria-label={label} onClick={onClick}>
      <Plus aria-hidden="true" />
      {text}
    </Button>
  );
}

export function Errors({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={`${id}-error`} className="text-destructive text-sm font-medium" role="alert">
      {messages.join(' ')}
    </p>
  );
}
