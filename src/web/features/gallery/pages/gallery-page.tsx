import { messages } from '@contract/messages';
import type { Media } from '@contract/media';
import { PageHeader } from '@web/components/page-header';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { t } from '@web/i18n/pt-br';
import { getServerMessage } from '@web/lib/api-client';
import { CircleAlert, Search, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useMedia } from '../api/get-media';
import { DeleteMediaDialog } from '../components/delete-media-dialog';
import { GalleryEmptyState } from '../components/gallery-empty-state';
import { GALLERY_GRID, GallerySkeleton } from '../components/gallery-skeleton';
import { MediaCard } from '../components/media-card';
import { MediaPreviewDialog } from '../components/media-preview-dialog';
import { StorageCard } from '../components/storage-card';
import { UploadDialog } from '../components/upload-dialog';
import { countByKind, filterMedia, matchesFilter, type MediaFilter } from '../lib/media-kind';

const FILTERS: { value: MediaFilter; label: (n: number) => string }[] = [
  { value: 'all', label: t.gallery.tabAll },
  { value: 'image', label: t.gallery.tabImages },
  { value: 'video', label: t.gallery.tabVideos },
];

const isFilter = (value: string): value is MediaFilter => FILTERS.some((f) => f.value === value);

/** /gallery: storage use, search, tabs by kind, the media cards, upload, preview and delete (SPEC §2). */
export default function GalleryPage() {
  const media = useMedia();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<MediaFilter>('all');
  const [uploadOpen, setUploadOpen] = useState(false);
  const [previewing, setPreviewing] = useState<Media | null>(null);
  const [removing, setRemoving] = useState<Media | null>(null);

  const searched = useMemo(() => filterMedia(media.data ?? [], search), [media.data, search]);
  const counts = useMemo(() => countByKind(searched), [searched]);
  const searching = search.trim().length > 0;

  return (
    <>
      <PageHeader
        title={t.gallery.title}
        description={t.gallery.subtitle}
        actions={
          <Button onClick={() => setUploadOpen(true)}>
            <Upload aria-hidden="true" />
            {t.gallery.upload}
          </Button>
        }
      />

      <StorageCard items={media.data} />

      <Tabs value={filter} onValueChange={(value) => isFilter(value) && setFilter(value)}>
        <div className="flex flex-col-reverse gap-3 md:flex-row md:items-center md:justify-between">
          <TabsList aria-label={t.gallery.tabsLabel} className="self-start">
            {FILTERS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label(counts[value])}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="relative w-full md:max-w-sm">
            <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
            <Input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t.gallery.search}
              aria-label={t.gallery.searchLabel}
              className="pl-9"
            />
          </div>
        </div>

        {FILTERS.map(({ value }) => (
          <TabsContent key={value} value={value}>
            {media.isPending ? (
              <GallerySkeleton />
            ) : media.isError ? (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{getServerMessage(media.error) ?? messages.generic.error}</AlertDescription>
              </Alert>
            ) : (
              <MediaGrid
                items={searched.filter((m) => matchesFilter(m, value))}
                filter={value}
                searching={searching}
                onUpload={() => setUploadOpen(true)}
                onView={setPreviewing}
                onRemove={setRemoving}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>

      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
      <MediaPreviewDialog media={previewing} onClose={() => setPreviewing(null)} onRemove={setRemoving} />
      <DeleteMediaDialog
        media={removing}
        onClose={() => setRemoving(null)}
        onDeleted={(deleted) => setPreviewing((current) => (current?.id === deleted.id ? null : current))}
      />
    </>
  );
}

type MediaGridProps = {
  items: Media[];
  filter: MediaFilter;
  searching: boolean;
  onUpload: () => void;
  onView: (media: Media) => void;
  onRemove: (media: Media) => void;
};

function MediaGrid({ items, filter, searching, onUpload, onView, onRemove }: MediaGridProps) {
  if (items.length === 0) return <GalleryEmptyState filter={filter} searching={searching} onUpload={onUpload} />;
  return (
    <ul aria-label={t.gallery.listLabel} className={GALLERY_GRID}>
      {items.map((item) => (
        <li key={item.id} className="min-w-0">
          <MediaCard media={item} onView={onView} onRemove={onRemove} />
        </li>
      ))}
    </ul>
  );
}
