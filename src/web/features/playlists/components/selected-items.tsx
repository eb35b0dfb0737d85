import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { messages } from '@contract/messages';
import { Button } from '@web/components/ui/button';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { formatBytes } from '@web/lib/format';
import { GripVertical, X } from 'lucide-react';
import { useRef, type Dispatch } from 'react';
import type { MediaInfo } from '../lib/media-search';
import type { WizardAction, WizardItem } from '../lib/wizard';
import { DurationInput } from './duration-input';
import { MediaThumb, kindAndSize } from './media-thumb';

type SelectedItemsProps = {
  items: readonly WizardItem[];
  media: ReadonlyMap<number, MediaInfo>;
  dispatch: Dispatch<WizardAction>;
};

const l = t.playlists.wizard.media;

/**
 * The selected media in playback order: drag by the handle (mouse, touch, or keyboard: space to
 * lift, arrows to move, space to drop, Esc to cancel), a duration per item and a remove button.
 */
export function SelectedItems({ items, media, dispatch }: SelectedItemsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.mediaId);
  const nameOf = (id: UniqueIdentifier) => media.get(Number(id))?.originalName ?? messages.media.missingInPreview;
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);

  // Screen-reader announcements of dnd-kit, in Portuguese. dnd-kit reports the lifted item as over
  // itself right after the lift; announcing that as a move would hide "levantado", so a move is
  // announced only when the position changes.
  const announcedOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announcedOver.current = active.id;
      return t.playlists.wizard.dnd.start(nameOf(active.id), positionOf(active.id), ids.length);
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === announcedOver.current) return undefined;
      announcedOver.current = over.id;
      return t.playlists.wizard.dnd.over(nameOf(active.id), positionOf(over.id), ids.length);
    },
    onDragEnd: ({ active, over }) =>
      t.playlists.wizard.dnd.end(nameOf(active.id), positionOf(over?.id ?? active.id), ids.length),
    onDragCancel: ({ active }) => t.playlists.wizard.dnd.cancel(nameOf(active.id)),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = ids.indexOf(Number(active.id));
    const to = over ? ids.indexOf(Number(over.id)) : null;
    dispatch({ type: 'reorder', from, to: to === -1 ? null : to });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t.playlists.wizard.dnd.instructions } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label={l.selectedLabel} className="grid grid-cols-1 gap-2">
          {items.map((item, index) => (
            <SortableRow
              key={item.mediaId}
              item={item}
              index={index}
              media={media.get(item.mediaId)}
              dispatch={dispatch}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

type SortableRowProps = {
  item: WizardItem;
  index: number;
  media: MediaInfo | undefined;
  dispatch: Dispatch<WizardAction>;
};

function SortableRow({ item, index, media, dispatch }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.mediaId,
    attributes: { roleDescription: 'item reordenável' },
  });
  const name = media?.originalName ?? messages.media.missingInPreview;
  const inputId = `item-duration-${item.mediaId}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'bg-card flex items-center gap-2 rounded-md border p-2 sm:gap-3',
        isDragging && 'ring-primary relative z-10 shadow-lg ring-2',
      )}
      data-testid="selected-item"
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={l.reorder(name)}
        title={l.reorder(name)}
        className={cn(
          'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
          'focus-visible:ring-ring flex h-9 w-7 shrink-0 cursor-grab touch-none items-center',
          'justify-center rounded-md focus-visible:ring-2 focus-visible:outline-none active:cursor-grabbing',
        )}
      >
        <GripVertical className="size-4" aria-hidden="true" />
      </button>
      <span
        className="text-muted-foreground hidden w-5 shrink-0 text-center text-sm font-medium tabular-nums sm:inline"
        aria-hidden="true"
      >
        {index + 1}
      </span>
      <MediaThumb media={media} className="hidden size-10 sm:flex" />
      <div className="min-w-0 flex-1">
        <p className={cn('line-clamp-2 text-sm font-medium break-all', !media && 'text-destructive')} title={name}>
          {name}
        </p>
        {media ? (
          <p className="text-muted-foreground truncate text-xs">
            {[l.kinds[kindAndSize(media, formatBytes).kind], kindAndSize(media, formatBytes).size]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <DurationInput
          id={inputId}
          label={l.duration(name)}
          value={item.duration}
          onChange={(duration) => dispatch({ type: 'setDuration', mediaId: item.mediaId, duration })}
        />
        <span className="text-muted-foreground text-xs" aria-hidden="true">
          {l.secondsUnit}
        </span>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="text-muted-foreground hover:text-destructive"
        aria-label={l.remove(name)}
        title={l.remove(name)}
        onClick={() => dispatch({ type: 'removeItem', mediaId: item.mediaId })}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}
