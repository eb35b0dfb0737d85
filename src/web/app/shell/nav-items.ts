import {
  BellRing,
  CalendarClock,
  ChartColumn,
  Handshake,
  History,
  Images,
  KeyRound,
  LayoutTemplate,
  ListChecks,
  LayoutDashboard,
  ListVideo,
  Megaphone,
  Monitor,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { advertiserLabels, partnerLabels } from '@web/i18n/ads';
import { alertLabels } from '@web/i18n/alerts';
import { jobLabels } from '@web/i18n/jobs';
import { t } from '@web/i18n/pt-br';

export type NavItem = {
  href: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
  /** Shows the device count badge. */
  deviceBadge?: boolean;
};

/** Sidebar entries in order (docs/product.md#sidebar); Documentação is an external link rendered apart. */
export const NAV_ITEMS: NavItem[] = [
  { href: '/dashboard', label: t.nav.dashboard, icon: LayoutDashboard },
  { href: '/devices', label: t.nav.devices, icon: Monitor, deviceBadge: true },
  { href: '/gallery', label: t.nav.gallery, icon: Images },
  { href: '/playlists', label: t.nav.playlists, icon: ListVideo },
  { href: '/campaigns', label: t.nav.campaigns, icon: CalendarClock },
  { href: '/layouts', label: t.nav.layouts, icon: LayoutTemplate },
  { href: '/reports', label: t.nav.reports, icon: ChartColumn },
  { href: '/users', label: t.nav.users, icon: Users, adminOnly: true },
  { href: '/api-keys', label: t.nav.apiKeys, icon: KeyRound, adminOnly: true },
  { href: '/jobs', label: jobLabels.nav, icon: ListChecks, adminOnly: true },
  { href: '/alerts', label: alertLabels.nav, icon: BellRing, adminOnly: true },
  { href: '/advertisers', label: advertiserLabels.nav, icon: Megaphone, adminOnly: true },
  { href: '/partners', label: partnerLabels.nav, icon: Handshake, adminOnly: true },
  { href: '/history', label: t.nav.history, icon: History },
];

export const DOCS_HREF = '/api-docs';

/** `/devices/edit/3` keeps "Dispositivos" highlighted. */
export function isActivePath(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}
