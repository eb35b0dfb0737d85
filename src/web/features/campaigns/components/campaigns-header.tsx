import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { Plus, Siren } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { CampaignRefs } from '../lib/refs';
import { EmergencyBanner } from './emergency-banner';
import { EmergencyDialog } from './emergency-dialog';

/**
 * The header both campaign views share: title, "Emergência" (red) and "Nova Campanha", the
 * emergency banner while one is on the air, and the Lista / Semana switch.
 */
export function CampaignsHeader({
  title,
  description,
  refs,
}: {
  title: string;
  description: string;
  refs: CampaignRefs;
}) {
  const [emergencyOpen, setEmergencyOpen] = useState(false);
  const [location] = useLocation();
  const l = t.campaigns;
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            <Button variant="destructive" onClick={() => setEmergencyOpen(true)}>
              <Siren aria-hidden="true" />
              {l.emergency.button}
            </Button>
            <Button asChild>
              <Link href="/campaigns/new">
                <Plus aria-hidden="true" />
                {l.new}
              </Link>
            </Button>
          </>
        }
      />
      <EmergencyBanner />
      <nav aria-label={l.views.label} className="bg-muted mb-6 inline-flex gap-1 rounded-lg p-1">
        {[
          { href: '/campaigns', label: l.views.list },
          { href: '/campaigns/semana', label: l.views.week },
        ].map((view) => {
          const active = location === view.href;
          return (
            <Link
              key={view.href}
              href={view.href}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'focus-visible:ring-ring rounded-md px-4 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:outline-none',
                active ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {view.label}
            </Link>
          );
        })}
      </nav>
      <EmergencyDialog open={emergencyOpen} onOpenChange={setEmergencyOpen} {...refs} />
    </>
  );
}
