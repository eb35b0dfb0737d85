import { messages } from '@contract/messages';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { useSession } from '@web/lib/session';
import { useUser } from '@web/features/users/api/get-user';
import { useUpdateUser } from '@web/features/users/api/update-user';
import { t } from '@web/i18n/pt-br';
import { getSavedUser } from '@web/lib/storage';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { ProfileDetails } from '@web/features/profile/components/profile-details';
import { ProfileForm } from '@web/features/profile/components/profile-form';
import { ProfileHeader } from '@web/features/profile/components/profile-header';
import { ProfileSkeleton } from '@web/features/profile/components/profile-skeleton';
import { TimeZoneCard } from '@web/features/profile/components/time-zone-card';

/** /profile: the signed-in user's own record from GET /api/users/{id} (docs/product.md#screens and #states). */
export default function ProfilePage() {
  useDocumentTitle(t.profile.title);
  const session = useSession();
  const id = session.user?.id;
  const query = useUser(id);
  const updateUser = useUpdateUser();
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <ProfileSkeleton />;

  // When the fetch fails, the saved user (same id) is shown with a notice instead of nothing.
  const saved = getSavedUser();
  const cached = query.isError && saved?.id === id ? saved : null;
  const user = query.data ?? cached;

  if (!user) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>{messages.profile.loadFailure}</AlertDescription>
      </Alert>
    );
  }

  return (
    <>
      {cached ? (
        <Alert variant="warning" className="mb-6">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>{messages.profile.cachedNotice}</AlertDescription>
        </Alert>
      ) : null}
      <ProfileHeader user={user} editing={editing} onEdit={() => setEditing(true)} />
      {editing ? (
        // Unmounted when editing ends, so each edit starts from the latest server values.
        <ProfileForm
          user={user}
          updateUser={updateUser}
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      ) : (
        <ProfileDetails user={user} workspace={session.workspace} />
      )}
      <TimeZoneCard workspace={session.workspace} isAdmin={session.isAdmin} />
    </>
  );
}
