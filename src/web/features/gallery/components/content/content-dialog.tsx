import type { ContentKind } from '@contract/content';
import type { Media } from '@contract/media';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { useState } from 'react';
import { contentKindOf } from '../../lib/content-form';
import { ContentForm } from './content-form';
import { KindPicker } from './kind-picker';

type ContentDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A saved content item to edit; none to make a new one (kind first, then its form). */
  editing?: Media | null;
};

/** "Novo conteúdo" and "Editar" (docs/content.md#in-the-panel): the same form either way. */
export function ContentDialog({ open, onOpenChange, editing }: ContentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl overflow-y-auto">
        {/* Mounted per opening, so a closed dialog forgets the kind and the typed values. */}
        {open ? <Body editing={editing ?? null} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Body({ editing, onClose }: { editing: Media | null; onClose: () => void }) {
  const [kind, setKind] = useState<ContentKind | null>(null);
  const editingKind = editing ? contentKindOf(editing) : null;
  if (editing && editingKind) return <ContentForm kind={editingKind} media={editing} onDone={onClose} />;
  if (!kind) return <KindPicker onPick={setKind} />;
  return <ContentForm key={kind} kind={kind} onBack={() => setKind(null)} onDone={onClose} />;
}
