import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { Film, ImageIcon, Images, Plus, SearchX, Sparkles, Upload } from 'lucide-react';
import type { MediaFilter } from '../lib/media-kind';

const ICONS = { all: Images, image: ImageIcon, video: Film, content: Sparkles } as const;

type GalleryEmptyStateProps = { filter: MediaFilter; searching: boolean; onUpload: () => void; onCreate: () => void };

/** Differs by tab and by whether a search is active (docs/product.md#screens). */
export function GalleryEmptyState({ filter, searching, onUpload, onCreate }: GalleryEmptyStateProps) {
  const Icon = searching ? SearchX : ICONS[filter];
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
        <Icon className="text-muted-foreground mb-2 size-10" aria-hidden="true" />
        <p className="text-lg font-semibold">
          {searching ? t.gallery.empty.search[filter] : t.gallery.empty.none[filter]}
        </p>
        <p className="text-muted-foreground text-sm">
          {searching ? t.gallery.empty.searchHint : t.gallery.empty.hint[filter]}
        </p>
        {searching ? null : filter === 'content' ? (
          <Button className="mt-4" onClick={onCreate}>
            <Plus aria-hidden="true" />
            {t.content.newContent}
          </Button>
        ) : (
          <Button className="mt-4" onClick={onUpload}>
            <Upload aria-hidden="true" />
            {t.gallery.upload}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
