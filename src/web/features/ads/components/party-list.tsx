import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { ConfirmRemovalDialog } from '@web/components/confirm-removal-dialog';
import { ListSkeleton } from '@web/components/list-skeleton';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { RemoveIconButton } from '@web/components/remove-icon-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { partyCommonLabels as common } from '@web/i18n/ads';
import { toastFailure } from '@web/lib/toast-failure';
import { Pencil, Plus, type LucideIcon } from 'lucide-react';
import { useState, type ComponentType, type ReactNode } from 'react';

type Toast = { title: string; description: string };
export type PartyListLabels = {
  title: string;
  subtitle: string;
  listLabel: string;
  new: string;
  edit: string;
  formDescription: string;
  empty: string;
  emptyHint: string;
  removeTitle: string;
  removeConfirm: string;
  removeSuccess: Toast;
  removeFailure: Toast;
};
export type PartyColumn<T> = { header: string; cell: (row: T) => ReactNode; className?: string };
/** The create/edit form of one row (null: a new one); `onDone` closes the dialog. */
export type PartyFormComponent<T> = ComponentType<{ row: T | null; onDone: () => void }>;

type Props<T extends { id: number; name: string }> = {
  labels: PartyListLabels;
  icon: LucideIcon;
  list: UseQueryResult<T[]>;
  remove: UseMutationResult<void, Error, number>;
  columns: PartyColumn<T>[];
  Form: PartyFormComponent<T>;
};

/**
 * An admin's list of advertisers or partners (docs/ads.md#pages): a table, "Novo" and "Editar" in a
 * dialog, and removal after a question.
 */
export function PartyList<T extends { id: number; name: string }>({
  labels,
  icon: Icon,
  list,
  remove,
  columns,
  Form,
}: Props<T>) {
  const [form, setForm] = useState<{ open: boolean; row: T | null }>({ open: false, row: null });
  const [removing, setRemoving] = useState<T | null>(null);
  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast(labels.removeSuccess),
      onError: toastFailure(labels.removeFailure),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <>
      <PageHeader
        title={labels.title}
        description={labels.subtitle}
        actions={
          <Button onClick={() => setForm({ open: true, row: null })}>
            <Plus aria-hidden="true" />
            {labels.new}
          </Button>
        }
      />
      {list.isPending ? (
        <ListSkeleton label={common.loading} count={1} className="grid" itemClassName="h-40" />
      ) : list.isError ? (
        <LoadError error={list.error} />
      ) : list.data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
            <Icon className="text-muted-foreground mb-2 size-10" aria-hidden="true" />
            <p className="text-lg font-semibold">{labels.empty}</p>
            <p className="text-muted-foreground text-sm">{labels.emptyHint}</p>
          </CardContent>
        </Card>
      ) : (
        <Card className="overflow-x-auto">
          <table aria-label={labels.listLabel} className="w-full text-sm">
            <thead className="text-muted-foreground text-left">
              <tr className="border-b">
                {columns.map((c) => (
                  <th key={c.header} scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
                    {c.header}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  <span className="sr-only">{common.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {list.data.map((row) => (
                <tr key={row.id} data-testid={`party-${row.id}`}>
                  {columns.map((c) => (
                    <td key={c.header} className={c.className ?? 'px-4 py-3'}>
                      {c.cell(row)}
                    </td>
                  ))}
                  <td className="px-4 py-2">
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={common.editAria(row.name)}
                        title={common.editAria(row.name)}
                        onClick={() => setForm({ open: true, row })}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <RemoveIconButton label={common.removeAria(row.name)} onClick={() => setRemoving(row)} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}

      <Dialog open={form.open} onOpenChange={(open) => setForm((f) => ({ ...f, open }))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{form.row ? labels.edit : labels.new}</DialogTitle>
            <DialogDescription>{labels.formDescription}</DialogDescription>
          </DialogHeader>
          {/* Mounted with the content, so every opening starts from this row's values. */}
          <Form row={form.row} onDone={() => setForm((f) => ({ ...f, open: false }))} />
        </DialogContent>
      </Dialog>
      <ConfirmRemovalDialog
        open={removing !== null}
        title={labels.removeTitle}
        description={labels.removeConfirm}
        subject={removing?.name}
        confirmLabel={common.remove}
        pendingLabel={common.removing}
        pending={remove.isPending}
        onConfirm={confirmRemoval}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
