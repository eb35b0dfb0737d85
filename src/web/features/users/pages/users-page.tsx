import { messages } from '@contract/messages';
import type { User } from '@contract/users';
import { PageHeader } from '@web/components/page-header';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { useSession } from '@web/features/auth/api/get-me';
import { t } from '@web/i18n/pt-br';
import { getServerMessage } from '@web/lib/api-client';
import { CircleAlert, Plus, Search, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useUsers } from '../api/get-users';
import { AccessDenied } from '../components/access-denied';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { UserCard } from '../components/user-card';
import { UserFormDialog } from '../components/user-form-dialog';
import { UsersSkeleton } from '../components/users-skeleton';

/** /users: admin only (SPEC §2, §6). */
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
      <div className="relative mb-6 max-w-md">
        <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t.users.search}
          aria-label={t.users.searchLabel}
          className="pl-9"
        />
      </div>

      {users.isPending ? (
        <UsersSkeleton />
      ) : users.isError ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{getServerMessage(users.error) ?? messages.generic.error}</AlertDescription>
        </Alert>
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
