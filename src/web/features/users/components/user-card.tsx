import { ROLE_LABELS } from '@contract/constants';
import type { User } from '@contract/users';
import { RemoveIconButton } from '@web/components/remove-icon-button';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { formatDate } from '@web/lib/format';
import { Calendar, Mail, Pencil, Shield, UserRound } from 'lucide-react';

type UserCardProps = { user: User; onEdit: (user: User) => void; onRemove: (user: User) => void };

export function UserCard({ user, onEdit, onRemove }: UserCardProps) {
  const isAdmin = user.role === 'admin';
  const RoleIcon = isAdmin ? Shield : UserRound;
  return (
    <Card className="flex h-full flex-col gap-4 p-5" data-testid={`user-card-${user.id}`}>
      <div className="flex items-center gap-3">
        <span className="bg-accent text-accent-foreground flex size-10 shrink-0 items-center justify-center rounded-full">
          <RoleIcon className="size-5" aria-hidden="true" />
        </span>
        <h3 className="min-w-0 flex-1 truncate font-semibold" title={user.username}>
          {user.username}
        </h3>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t.users.editAria(user.username)}
            title={t.users.editAria(user.username)}
            onClick={() => onEdit(user)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <RemoveIconButton
            label={t.users.removeAria(user.username)}
            title={isAdmin ? t.users.adminNotRemovable : t.users.removeAria(user.username)}
            disabled={isAdmin}
            onClick={() => onRemove(user)}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Badge variant={isAdmin ? 'default' : 'secondary'}>{ROLE_LABELS[user.role]}</Badge>
        <Badge variant="success">{t.common.active}</Badge>
      </div>
      <dl className="text-muted-foreground grid gap-2 text-sm">
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            <Mail className="size-4" aria-hidden="true" />
            <span className="sr-only">{t.users.form.email}</span>
          </dt>
          <dd className="truncate">{user.email || t.common.emailMissing}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Calendar className="size-4" aria-hidden="true" />
            <span className="sr-only">{t.profile.memberSince}</span>
          </dt>
          <dd>{t.users.createdAt(formatDate(user.createdAt))}</dd>
        </div>
      </dl>
    </Card>
  );
}
