import { SearchField } from '@web/components/search-field';
import { LoadError } from '@web/components/load-error';
import type { User } from '@contract/users';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { useSession } from '@web/lib/session';
import { t } from '@web/i18n/pt-br';
import { Plus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useUsers } from '../api/get-users';
import { AccessDenied } from '@web/components/access-denied';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { UserCard } from '../components/user-card';
import { UserFormDialog } from '../components/user-form-dialog';
import { UsersSkeleton } from '../components/users-skeleton';

/** /users: admin only (docs/product.md#screens and #roles). */
export default function UsersPage() {
  const { isAdmin } = useSession();
  return isAdmin ? <UsersManager /> : <AccessDenied />;
}

function UsersManager() {
  const users = useUsers();
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<{ open: boolean; user: User | null }>({ open: false, user: null });
  const [removing, setRemoving] = useState<User | null>(null);

  const term = search.trim().toLowerCase();
  const visible = useMemo(
    () => (users.data ?? []).filter((u) => u.username.toLowerCase().includes(term)),
    [users.data, term],
  );

  return (
    <>
      <PageHeader
        title={t.users.title}
        description={t.users.subtitle}
        actions={
          <Button onClick={() => setForm({ open: true, user: null })}>
            <Plus aria-hidden="true" />
            {t.users.new}
          </Button>
        }
      />
      <SearchField
        value={search}
        onChange={setSearch}
        placeholder={t.users.search}
        label={t.users.searchLabel}
        className="mb-6 max-w-md"
      />

      {users.isPending ? (
        <UsersSkeleton />
      ) : users.isError ? (
        <LoadError error={users.error} />
      ) : visible.length === 0 ? (
        <EmptyState searching={term.length > 0} />
      ) : (
        <ul aria-label={t.users.listLabel} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((user) => (
            <li key={user.id}>
              <UserCard user={user} onEdit={(u) => setForm({ open: true, user: u })} onRemove={setRemoving} />
            </li>
          ))}
        </ul>
      )}

      <UserFormDialog open={form.open} user={form.user} onOpenChange={(open) => setForm((f) => ({ ...f, open }))} />
      <DeleteUserDialog user={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function EmptyState({ searching }: { searching: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
        <Users className="text-muted-foreground mb-2 size-10" aria-hidden="true" />
        <p className="text-lg font-semibold">{searching ? t.users.emptySearch : t.users.empty}</p>
        <p className="text-muted-foreground text-sm">{searching ? t.users.emptySearchHint : t.users.emptyHint}</p>
      </CardContent>
    </Card>
  );
}
