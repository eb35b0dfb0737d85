import { AccessDenied } from '@web/components/access-denied';
import { ListSkeleton } from '@web/components/list-skeleton';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { alertLabels as t } from '@web/i18n/alerts';
import { useSession } from '@web/lib/session';
import { useAlertSettings } from '../api/alerts';
import { AlertSettingsForm } from '../components/alert-settings-form';
import { DeliveriesCard } from '../components/deliveries-card';
import { IncidentsCard } from '../components/incidents-card';
import { WebhooksCard } from '../components/webhooks-card';

/** /alerts, "Alertas": admin only, like Tarefas (docs/alerts.md#in-the-panel). */
export default function AlertsPage() {
  const { isAdmin } = useSession();
  return isAdmin ? <AlertsManager /> : <AccessDenied hint={t.accessDeniedHint} />;
}

function AlertsManager() {
  const settings = useAlertSettings();
  return (
    <>
      <PageHeader title={t.title} description={t.subtitle} />
      <div className="grid gap-6">
        {settings.isPending ? (
          <ListSkeleton label={t.loading} count={1} className="grid" itemClassName="h-64" />
        ) : settings.isError ? (
          <LoadError error={settings.error} />
        ) : (
          <AlertSettingsForm settings={settings.data} />
        )}
        <WebhooksCard />
        <IncidentsCard />
        <DeliveriesCard />
      </div>
    </>
  );
}
