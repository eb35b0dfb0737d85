import { ROLE_LABELS } from '@contract/constants';
import type { User } from '@contract/users';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { Pencil } from 'lucide-react';

type ProfileHeaderProps = { user: User; editing: boolean; onEdit: () => void };

/** Initials avatar, the user's name as the page heading, the role badge and the edit button. */
export function ProfileHeader({ user, editing, onEdit }: ProfileHeaderProps) {
  const initials = user.username.slice(0, 2).toUpperCase();
  return (
    <Card className="mb-6 flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
      <span
        aria-hidden="true"
        className="bg-primary text-primary-foreground flex size-16 shrink-0 items-center justify-center rounded-full text-xl font-bold"
      >
        {initials}
      </span>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <h1 className="truncate text-2xl font-bold tracking-tight">{user.username}</h1>
        <div>
          <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>{ROLE_LABELS[user.role]}</Badge>
        </div>
      </div>
      {editing ? null : (
        <Button onClick={onEdit} className="sm:self-center">
          <Pencil aria-hidden="true" />
          {t.profile.edit}
        </Button>
      )}
    </Card>
  );
}
