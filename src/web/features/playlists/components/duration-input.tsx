import { Input } from '@web/components/ui/input';
import { useState } from 'react';
import { MAX_ITEM_DURATION_SECONDS } from '../lib/wizard';

type DurationInputProps = { id: string; label: string; value: number; onChange: (value: string) => void };

/**
 * An item's duration in seconds. While typing, the field may be briefly empty: numbers are sent
 * as typed and the wizard's rule (minimum 1, not a number → 8) settles the value on blur.
 */
export function DurationInput({ id, label, value, onChange }: DurationInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Input
      id={id}
      aria-label={label}
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_ITEM_DURATION_SECONDS}
      step={1}
      className="h-9 w-16 px-2 text-right tabular-nums sm:w-20 sm:px-3"
      value={draft ?? String(value)}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        if (text.trim() !== '' && Number.isFinite(Number(text))) onChange(text);
      }}
      onBlur={() => {
        if (draft === null) return;
        onChange(draft);
        setDraft(null);
      }}
    />
  );
}
