import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { buttonVariants } from '@web/components/ui/button';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { filterPlaylistOptions, type PlaylistOption } from '../lib/playlist-options';

type PlaylistPickerProps = {
  /** The visible label; also the combobox's accessible name. */
  label: string;
  options: readonly PlaylistOption[];
  value: number | null;
  onChange: (value: number | null) => void;
  /** Adds "Nenhuma playlist" (value null) at the top: the single-window picker (docs/product.md#screens). */
  allowNone?: boolean;
  loading?: boolean;
  disabled?: boolean;
};

type Entry = { value: number | null; label: string };

/**
 * A searchable picker: a button (role combobox) opens a popover with a search field and the
 * matching playlists (a listbox). Arrow keys move, Enter picks, Esc closes.
 */
export function PlaylistPicker({
  label,
  options,
  value,
  onChange,
  allowNone = false,
  loading = false,
  disabled = false,
}: PlaylistPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const entries = useMemo<Entry[]>(() => {
    const matches = filterPlaylistOptions(options, search).map((o) => ({ value: o.id, label: o.name }));
    const none = { value: null, label: t.devices.assign.none };
    return allowNone && !search.trim() ? [none, ...matches] : matches;
  }, [options, search, allowNone]);

  const selected = value === null ? null : options.find((o) => o.id === value);
  const display =
    selected?.name ??
    (value === null ? (allowNone ? t.devices.assign.none : null) : t.devices.card.unknownPlaylist(value));

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setSearch('');
    if (next)
      setActive(
        Math.max(
          0,
          entries.findIndex((e) => e.value === value),
        ),
      );
  };

  const pick = (entry: Entry) => {
    onChange(entry.value);
    onOpenChange(false);
  };

  const move = (index: number) => {
    if (!entries.length) return;
    const next = (index + entries.length) % entries.length;
    setActive(next);
    listRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') move(active + 1);
    else if (event.key === 'ArrowUp') move(active - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else if (event.key === 'Enter') {
      const entry = entries[active];
      if (entry) pick(entry);
    } else return;
    event.preventDefault();
  };

  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div className="grid gap-2">
      <span id={labelId} className="text-sm leading-none font-medium">
        {label}
      </span>
      {/* Modal: inside the dialog, the list scrolls with the wheel and focus stays in the popover. */}
      <Popover open={open} onOpenChange={onOpenChange} modal>
        <PopoverTrigger
          role="combobox"
          aria-labelledby={labelId}
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-haspopup="listbox"
          disabled={disabled}
          className={cn(buttonVariants({ variant: 'outline' }), 'w-full justify-between px-3 font-normal')}
        >
          <span className={cn('truncate', !display && 'text-muted-foreground')}>
            {display ?? t.devices.assign.choose}
          </span>
          <ChevronsUpDown className="opacity-60" aria-hidden="true" />
        </PopoverTrigger>
        {/* Radix focuses the first focusable element inside: the search field. */}
        <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-64">
          <div className="flex items-center gap-2 border-b px-3">
            <Search className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
            <input
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              placeholder={t.devices.assign.search}
              aria-label={t.devices.assign.searchLabel}
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={entries[active] ? optionId(active) : undefined}
              className="placeholder:text-muted-foreground h-10 w-full bg-transparent text-sm outline-none"
            />
          </div>
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-labelledby={labelId}
            className="max-h-60 overflow-y-auto p-1"
          >
            {entries.length === 0 ? (
              <li role="presentation" className="text-muted-foreground px-2 py-6 text-center text-sm">
                {loading ? t.devices.assign.loading : t.devices.assign.empty}
              </li>
            ) : (
              entries.map((entry, index) => {
                const isSelected = entry.value === value;
                return (
                  <li
                    key={entry.value ?? 'none'}
                    id={optionId(index)}
                    data-index={index}
                    role="option"
                    aria-selected={isSelected}
                    onPointerMove={() => setActive(index)}
                    onClick={() => pick(entry)}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm select-none',
                      index === active && 'bg-accent text-accent-foreground',
                      entry.value === null && 'text-muted-foreground',
                    )}
                  >
                    <Check
                      className={cn('size-4 shrink-0', isSelected ? 'opacity-100' : 'opacity-0')}
                      aria-hidden="true"
                    />
                    <span className="truncate">{entry.label}</span>
                  </li>
                );
              })
            )}
          </ul>
        </PopoverContent>
      </Popover>
    </div>
  );
}
