import type { ActivityEntityType } from '@contract/activities';
import {
  Activity,
  Boxes,
  Building2,
  CalendarClock,
  Handshake,
  Images,
  KeyRound,
  LayoutTemplate,
  ListVideo,
  LogIn,
  Megaphone,
  Monitor,
  Users,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Record<ActivityEntityType, LucideIcon> = {
  device: Monitor,
  device_group: Boxes,
  media: Images,
  playlist: ListVideo,
  campaign: CalendarClock,
  layout: LayoutTemplate,
  user: Users,
  session: LogIn,
  api_key: KeyRound,
  workspace: Building2,
  advertiser: Megaphone,
  partner: Handshake,
};

/** The entry's entity, as the sidebar draws it. */
export function ActivityIcon({ entityType }: { entityType: string | null }) {
  const Icon = (entityType && ICONS[entityType as ActivityEntityType]) || Activity;
  return (
    <span
      className="bg-muted text-muted-foreground flex size-8 shrink-0 items-center justify-center rounded-full"
      aria-hidden="true"
    >
      <Icon className="size-4" />
    </span>
  );
}
