import { ROLE_LABELS } from '@contract/constants';
import type { User } from '@contract/users';
import { BrandMark } from '@web/components/brand-mark';
import { useSession } from '@web/lib/session';
import { useLogout } from '@web/features/auth/api/logout';
import { useDeviceCount } from '@web/features/devices/api/get-devices';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { BookOpen, Building2, ExternalLink, LogOut, UserRound } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { DOCS_HREF, NAV_ITEMS, isActivePath } from './nav-items';

const itemClass = [
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
  'transition-colors focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:outline-none',
].join(' ');

type SidebarContentProps = { user: User; onNavigate?: () => void };

/** The sidebar body, shared by the desktop sidebar and the mobile slide-out menu. */
export function SidebarContent({ user, onNavigate }: SidebarContentProps) {
  const [location, navigate] = useLocation();
  const isAdmin = user.role === 'admin';
  const { workspace } = useSession();
  const deviceCount = useDeviceCount();
  const logout = useLogout();

  const onLogout = () => {
    logout.mutate(undefined, { onSettled: () => navigate('/login') });
  };

  return (
    <div className="bg-sidebar text-sidebar-foreground flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link
          href="/dashboard"
          onClick={onNavigate}
          className="rounded-md focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:outline-none"
        >
          <BrandMark tone="dark" />
        </Link>
      </div>
      {workspace ? (
        <p
          className="text-sidebar-muted flex items-center gap-2 px-5 pb-2 text-xs"
          title={`${t.nav.workspace}: ${workspace.name}`}
        >
          <Building2 className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">{t.nav.workspace}: </span>
          <span className="truncate font-medium text-white/90" data-testid="sidebar-workspace">
            {workspace.name}
          </span>
        </p>
      ) : null}
      <nav aria-label={t.nav.label} className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="grid gap-1">
          {NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin).map((item) => {
            const active = isActivePath(location, item.href);
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    itemClass,
                    active ? 'bg-primary text-white' : 'hover:bg-sidebar-accent hover:text-white',
                  )}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="flex-1">{item.label}</span>
                  {/* The space keeps the accessible name "Dispositivos 3" (flex hides it visually). */}{' '}
                  {item.deviceBadge && deviceCount !== null && deviceCount > 0 ? (
                    <span
                      className="bg-primary/25 rounded-full px-2 py-0.5 text-xs font-semibold text-white"
                      data-testid="device-count-badge"
                    >
                      {deviceCount}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
          {isAdmin ? (
            <li>
              <a
                href={DOCS_HREF}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(itemClass, 'hover:bg-sidebar-accent hover:text-white')}
              >
                <BookOpen className="size-4 shrink-0" aria-hidden="true" />
                <span className="flex-1">{t.nav.docs}</span>
                <ExternalLink className="size-3.5 opacity-60" aria-hidden="true" />
                <span className="sr-only">{t.nav.docsNewTab}</span>
              </a>
            </li>
          ) : null}
        </ul>
      </nav>
      <div className="border-sidebar-accent flex items-center gap-2 border-t p-3">
        <Link
          href="/profile"
          onClick={onNavigate}
          aria-current={isActivePath(location, '/profile') ? 'page' : undefined}
          className={cn(
            itemClass,
            'hover:bg-sidebar-accent min-w-0 flex-1 px-2 hover:text-white',
            isActivePath(location, '/profile') && 'bg-sidebar-accent text-white',
          )}
        >
          <span className="bg-sidebar-accent flex size-9 shrink-0 items-center justify-center rounded-full">
            <UserRound className="size-4" aria-hidden="true" />
          </span>
          <span className="grid min-w-0 text-left">
            <span className="truncate text-sm font-semibold text-white">{user.username}</span>
            <span className="text-sidebar-muted truncate text-xs">{ROLE_LABELS[user.role]}</span>
          </span>
        </Link>
        <button
          type="button"
          onClick={onLogout}
          disabled={logout.isPending}
          aria-label={t.nav.logout}
          title={t.nav.logout}
          className={cn(
            'hover:bg-sidebar-accent flex size-9 shrink-0 cursor-pointer items-center',
            'justify-center rounded-md transition-colors hover:text-white',
            'focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:outline-none disabled:opacity-50',
          )}
        >
          <LogOut className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
