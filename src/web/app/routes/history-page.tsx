import { useUsers } from '@web/features/users/api/get-users';
import { HistoryView } from '@web/features/history/components/history-view';
import { useSession } from '@web/lib/session';

/** /history: the history, its user filter offering the workspace's users to admins (the list is theirs only). */
export default function HistoryPage() {
  const { isAdmin } = useSession();
  const users = useUsers({ enabled: isAdmin });
  return <HistoryView users={isAdmin && users.data ? users.data.map((u) => ({ id: u.id, name: u.username })) : undefined} />;
}
