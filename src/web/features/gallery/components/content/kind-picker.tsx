import { CONTENT_KINDS, type ContentKind } from '@contract/content';
import { DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { t } from '@web/i18n/pt-br';
import { DISPLAY_KIND_ICONS, displayKindLabel } from '@web/lib/media-kinds';

/** The dialog's first step: which kind of content (docs/content.md#in-the-panel). */
export function KindPicker({ onPick }: { onPick: (kind: ContentKind) => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t.content.pickTitle}</DialogTitle>
        <DialogDescription>{t.content.pickDescription}</DialogDescription>
      </DialogHeader>
      <ul className="grid gap-3 sm:grid-cols-2">
        {CONTENT_KINDS.map((kind) => {
          const Icon = DISPLAY_KIND_ICONS[kind];
          return (
            <li key={kind}>
              <button
                type="button"
                onClick={() => onPick(kind)}
                aria-describedby={`content-kind-${kind}-hint`}
                className="hover:bg-accent focus-visible:ring-ring flex h-full w-full items-start gap-3 rounded-lg border p-4 text-left transition-colors focus-visible:ring-2 focus-visible:outline-none"
              >
                <span className="bg-primary/10 text-primary flex size-10 shrink-0 items-center justify-center rounded-md">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="grid gap-1">
                  <span className="font-semibold">{displayKindLabel(kind)}</span>
                  <span id={`content-kind-${kind}-hint`} className="text-muted-foreground text-sm">
                    {t.content.kindHints[kind]}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
