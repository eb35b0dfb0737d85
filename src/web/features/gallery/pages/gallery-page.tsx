import { SearchField } from '@web/components/search-field';
import { LoadError } from '@web/components/load-error';
import type { Media } from '@contract/media';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { t } from '@web/i18n/pt-br';
import { Plus, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useMedia } from '../api/get-media';
import { DeleteMediaDialog } from '../components/delete-media-dialog';
import { GalleryEmptyState } from '../components/gallery-empty-state';
import { GALLERY_GRID, GallerySkeleton } from '../components/gallery-skeleton';
import { ContentDialog } from '../components/content/content-dialog';
import { MediaCard } from '../components/media-card';
import { MediaPreviewDialog } from '../components/media-preview-dialog';
import { StorageCard } from '../components/storage-card';
import { UploadDialog } from '../components/upload-dialog';
import { countByKind, filterMedia, matchesFilter, type MediaFilter } from '../lib/media-kind';

const FILTERS: { value: MediaFilter; label: (n: number) => string }[] = [
  { value: 'all', label: t.gallery.tabAll },
  { value: 'image', label: t.gallery.tabImages },
  { value: 'video', label: t.gallery.tabVideos },
  { value: 'content', label: t.gallery.tabContent },
];

const isFilter = (value: string): value is MediaFilter => FILTERS.some((f) => f.value === value);

/**
 * /gallery: storage use, search, tabs by kind, the media cards, upload, preview and delete
 * (docs/product.md#screens); "Novo conteúdo" and the content items' Editar (docs/content.md#in-the-panel).
 */
export default function GalleryPage() {
  const media = useMedia();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<MediaFilter>('all');
  const [uploadOpen, setUploadOpen] = useState(false);
  const [previewing, setPreviewing] = useState<Media | null>(null);
  const [removing, setRemoving] = useState<Media | null>(null);
  // "Novo conteúdo" (null: a new item) or "Editar" (the item), docs/content.md#in-the-panel.
  const [content, setContent] = useState<{ editing: Media | null } | null>(null);
  const onEdit = (item: Media) => {
    setPreviewing(null);
    setContent({ editing: item });
  };

  const searched = useMemo(() => filterMedia(media.data ?? [], search), [media.data, search]);
  const counts = useMemo(() => countByKind(searched), [searched]);
  const searching = search.trim().length > 0;

  return (
    <>
      <PageHeader
        title={t.gallery.title}
        description={t.gallery.subtitle}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setContent({ editing: null })}>
              <Plus aria-hidden="true" />
              {t.content.newContent}
            </Button>
            <Button onClick={() => setUploadOpen(true)}>
              <Upload aria-hidden="true" />
              {t.gallery.upload}
            </Button>
          </div>
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
          <SearchField
            value={search}
            onChange={setSearch}
            placeholder={t.gallery.search}
            label={t.gallery.searchLabel}
            className="w-full md:max-w-sm"
          />
        </div>

        {FILTERS.map(({ value }) => (
          <TabsContent key={value} value={value}>
            {media.isPending ? (
              <GallerySkeleton />
            ) : media.isError ? (
              <LoadError error={media.error} />
            ) : (
              <MediaGrid
                items={searched.filter((m) => matchesFilter(m, value))}
                filter={value}
                searching={searching}
                onUpload={() => setUploadOpen(true)}
                onCreate={() => setContent({ editing: null })}
                onView={setPreviewing}
                onRemove={setRemoving}
                onEdit={onEdit}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>

      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
      <ContentDialog
        open={content !== null}
        onOpenChange={(open) => !open && setContent(null)}
        editing={content?.editing}
      />
      {/* The list's current copy, so the preview follows a processing that ends while it is open. */}
      <MediaPreviewDialog
        media={(previewing && media.data?.find((m) => m.id === previewing.id)) ?? previewing}
        onClose={() => setPreviewing(null)}
        onRemove={setRemoving}
        onEdit={onEdit}
      />
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
  onCreate: () => void;
  onView: (media: Media) => void;
  onRemove: (media: Media) => void;
  onEdit: (media: Media) => void;
};

function MediaGrid({ items, filter, searching, onUpload, onCreate, onView, onRemove, onEdit }: MediaGridProps) {
  if (items.length === 0)
    return <GalleryEmptyState filter={filter} searching={searching} onUpload={onUpload} onCreate={onCreate} />;
  return (
    <ul aria-label={t.gallery.listLabel} className={GALLERY_GRID}>
      {items.map((item) => (
        <li key={item.id} className="min-w-0">
          <MediaCard media={item} onView={onView} onRemove={onRemove} onEdit={onEdit} />
        </li>
      ))}
    </ul>
  );
}
