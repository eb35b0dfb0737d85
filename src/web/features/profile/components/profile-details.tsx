import { ROLE_LABELS } from '@contract/constants';
import type { User } from '@contract/users';
import type { Workspace } from '@contract/workspaces';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { formatLongDate } from '@web/lib/format';
import type { ReactNode } from 'react';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * View mode: basic information and account information (docs/product.md#profile), with the workspace
 * (docs/security.md#roles-and-tenancy).
 */
export function ProfileDetails({ user, workspace }: { user: User; workspace: Workspace | null }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{t.profile.basicInfo}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4">
            <Row label={t.profile.username}>{user.username}</Row>
            <Row label={t.profile.email}>{user.email || t.common.emailMissing}</Row>
            <Row label={t.profile.phone}>{user.phone || t.common.phoneMissing}</Row>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t.profile.accountInfo}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4">
            <Row label={t.profile.userId}>{user.id}</Row>
            <Row label={t.profile.role}>{ROLE_LABELS[user.role]}</Row>
            {workspace ? (
              <Row label={t.profile.workspace}>
                <span data-testid="profile-workspace">{workspace.name}</span>
              </Row>
            ) : null}
            <Row label={t.profile.memberSince}>{formatLongDate(user.createdAt)}</Row>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
