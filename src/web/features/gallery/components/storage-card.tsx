import { STORAGE_QUOTA_BYTES } from '@contract/constants';
import type { Media } from '@contract/media';
import { Card } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { formatBytes, formatPercent, formatQuota } from '@web/lib/format';
import { Files, HardDrive, Info } from 'lucide-react';
import { useMediaUsage } from '../api/get-media-usage';

type StorageCardProps = { items: readonly Media[] | undefined };

/**
 * Used space of the quota, its percentage (one decimal), a bar and the file count (docs/product.md#screens and #constants).
 * The server's own figure (GET /api/media/usage: the caller's media only, the configured quota) is
 * preferred; until it answers, or if it fails, the listed sizes are summed against the 1 GB quota.
 */
export function StorageCard({ items }: StorageCardProps) {
  const usage = useMediaUsage();
  const fromList = items
    ? { usedBytes: items.reduce((sum, m) => sum + m.size, 0), quotaBytes: STORAGE_QUOTA_BYTES, count: items.length }
    : null;
  const figures = usage.data ?? fromList;

  const ratio = figures && figures.quotaBytes > 0 ? figures.usedBytes / figures.quotaBytes : 0;
  const percent = figures ? formatPercent(figures.usedBytes, figures.quotaBytes) : '';
  const barColour = ratio >= 0.9 ? 'bg-destructive' : ratio >= 0.75 ? 'bg-warning' : 'bg-primary';

  return (
    <Card className="mb-6 p-5" data-testid="storage-card">
      <section aria-labelledby="storage-title" className="grid gap-3">
        <div className="flex items-center gap-3">
          <span className="bg-accent text-accent-foreground flex size-10 shrink-0 items-center justify-center rounded-full">
            <HardDrive className="size-5" aria-hidden="true" />
          </span>
          <h2 id="storage-title" className="flex-1 font-semibold">
            {t.gallery.storage.title}
          </h2>
          {figures ? (
            <span className="text-muted-foreground flex items-center gap-1.5 text-sm">
              <Files className="size-4" aria-hidden="true" />
              {t.gallery.fileCount(figures.count)}
            </span>
          ) : null}
        </div>
        {figures ? (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="text-lg font-semibold tabular-nums">
                {t.gallery.storage.used(formatBytes(figures.usedBytes), formatQuota(figures.quotaBytes))}
              </p>
              <p className="text-muted-foreground text-sm tabular-nums">{t.gallery.storage.percentUsed(percent)}</p>
            </div>
            <Progress
              value={Math.min(ratio, 1) * 100}
              getValueLabel={() => percent}
              aria-label={t.gallery.storage.barLabel}
              indicatorClassName={cn(barColour)}
            />
          </>
        ) : (
          <div className="grid gap-3" aria-hidden="true">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-2 w-full" />
          </div>
        )}
        <p className="text-muted-foreground flex items-start gap-2 text-xs">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {t.gallery.storage.autoDeleteNote}
        </p>
      </section>
    </Card>
  );
}
