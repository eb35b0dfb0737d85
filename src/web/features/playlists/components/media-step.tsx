import type { Media } from '@contract/media';
import { messages } from '@contract/messages';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { ListSkeleton } from '@web/components/list-skeleton';
import { t } from '@web/i18n/pt-br';
import { getServerMessage } from '@web/lib/api-error';
import { formatBytes, formatDuration } from '@web/lib/format';
import { CircleAlert, Clock, ImagePlus, ListChecks, Search } from 'lucide-react';
import { useMemo, useState, type Dispatch, type ReactNode } from 'react';
import { Link } from 'wouter';
import { filterAvailableMedia, type MediaInfo } from '../lib/media-search';
import { totalDuration, type WizardAction, type WizardState } from '../lib/wizard';
import { MediaThumb, kindAndSize } from './media-thumb';
import { SelectedItems } from './selected-items';
import { cn } from '@web/lib/cn';

/** The media the wizard can pick from, as the gallery's query holds it. */
export type AvailableMedia = { data: Media[] | undefined; isPending: boolean; isError: boolean; error: unknown };

type MediaStepProps = {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  /** `GET /api/media`. */
  available: AvailableMedia;
  media: ReadonlyMap<number, MediaInfo>;
};

const l = t.playlists.wizard.media;

/** Step 2, "Seleção de Mídias": pick from the gallery, then order and time the selection. */
export function MediaStep({ state, dispatch, available, media }: MediaStepProps) {
  const [search, setSearch] = useState('');
  const visible = useMemo(() => filterAvailableMedia(available.data ?? [], search), [available.data, search]);
  const selected = useMemo(() => new Set(state.items.map((item) => item.mediaId)), [state.items]);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <section aria-labelledby="available-media-heading" className="grid grid-cols-1 min-w-0 content-start gap-3">
        <h3 id="available-media-heading" className="font-semibold">
          {l.available}
        </h3>
        <div className="relative">
          <Search
            className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={l.search}
            aria-label={l.searchLabel}
            className="pl-9"
          />
        </div>
        {available.isPending ? (
          <ListSkeleton label={l.loading} count={4} className="grid grid-cols-1 gap-2" itemClassName="h-16" />
        ) : available.isError ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{getServerMessage(available.error) ?? messages.generic.error}</AlertDescription>
          </Alert>
        ) : (available.data ?? []).length === 0 ? (
          <Empty icon={<ImagePlus className="size-8" aria-hidden="true" />} title={l.empty} hint={l.emptyHint}>
            <Button variant="outline" size="sm" asChild className="mt-2">
              <Link href="/gallery">{l.goToGallery}</Link>
            </Button>
          </Empty>
        ) : visible.length === 0 ? (
          <Empty
            icon={<Search className="size-8" aria-hidden="true" />}
            title={l.emptySearch}
            hint={l.emptySearchHint}
          />
        ) : (
          <ul aria-label={l.available} className="divide-y overflow-y-auto rounded-md border lg:max-h-[30rem]">
            {visible.map((item) => (
              <li key={item.id}>
                <label
                  className={cn(
                    'hover:bg-accent/60',
                    'has-[button[data-state=checked]]:bg-accent/40 flex cursor-pointer items-center gap-3 p-3',
                  )}
                >
                  <Checkbox
                    checked={selected.has(item.id)}
                    onCheckedChange={(checked) =>
                      dispatch({ type: 'toggleMedia', mediaId: item.id, selected: checked === true })
                    }
                    aria-label={item.originalName}
                  />
                  <MediaThumb media={item} />
                  <span className="grid grid-cols-1 min-w-0 flex-1 gap-0.5">
                    <span className="truncate text-sm font-medium" title={item.originalName}>
                      {item.originalName}
                    </span>
                    <span className="text-muted-foreground flex flex-wrap items-center gap-x-1.5 text-xs">
                      <span>{l.kinds[kindAndSize(item, formatBytes).kind]}</span>
                      {kindAndSize(item, formatBytes).size !== null ? (
                        <>
                          <span aria-hidden="true">·</span>
                          <span>{kindAndSize(item, formatBytes).size}</span>
                        </>
                      ) : null}
                      {item.duration !== null ? (
                        <>
                          <span aria-hidden="true">·</span>
                          <span className="inline-flex items-center gap-1">
                            <Clock className="size-3" aria-hidden="true" />
                            {formatDuration(item.duration)}
                          </span>
                        </>
                      ) : null}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="selected-media-heading" className="grid grid-cols-1 min-w-0 content-start gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id="selected-media-heading" className="font-semibold">
            {l.selected(state.items.length)}
          </h3>
          {state.items.length > 0 ? (
            <p className="text-muted-foreground text-sm tabular-nums">
              {l.totalDuration(formatDuration(totalDuration(state.items)))}
            </p>
          ) : null}
        </div>
        {state.items.length === 0 ? (
          <Empty
            icon={<ListChecks className="size-8" aria-hidden="true" />}
            title={l.noneSelected}
            hint={l.noneSelectedHint}
          />
        ) : (
          <>
            <p className="text-muted-foreground text-xs">{l.reorderHint}</p>
            <SelectedItems items={state.items} media={media} dispatch={dispatch} />
          </>
        )}
      </section>
    </div>
  );
}

function Empty({
  icon,
  title,
  hint,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  children?: ReactNode;
}) {
  return (
    <div className="text-muted-foreground flex flex-col items-center gap-1 rounded-md border border-dashed p-8 text-center">
      <span className="mb-1">{icon}</span>
      <p className="text-foreground font-medium">{title}</p>
      <p className="text-sm">{hint}</p>
      {children}
    </div>
  );
}
