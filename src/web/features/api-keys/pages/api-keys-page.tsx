import type { ApiKey } from '@contract/api-keys';
import { messages } from '@contract/messages';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { ListSkeleton } from '@web/components/list-skeleton';
import { toast } from '@web/components/ui/use-toast';
import { useSession } from '@web/lib/session';
import { AccessDenied } from '@web/components/access-denied';
import { t } from '@web/i18n/pt-br';
import { toastFailure } from '@web/lib/toast-failure';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useApiKeys, useUpdateApiKey } from '../api/api-keys';
import { ApiKeyCard } from '../components/api-key-card';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog';
import { DeleteApiKeyDialog } from '../components/delete-api-key-dialog';

/** /api-keys: admin only, like /users (docs/product.md#roles). */
export default function ApiKeysPage() {
  const { isAdmin } = useSession();
  return isAdmin ? <ApiKeysManager /> : <AccessDenied hint={t.apiKeys.accessDeniedHint} />;
}

function ApiKeysManager() {
  const keys = useApiKeys();
  const update = useUpdateApiKey();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<ApiKey | null>(null);

  const toggle = (key: ApiKey) =>
    update.mutate(
      { id: key.id, data: { isActive: !key.isActive } },
      { onSuccess: () => toast(messages.apiKeys.updateSuccess), onError: toastFailure(messages.apiKeys.updateFailure) },
    );

  return (
    <>
      <PageHeader
        title={t.apiKeys.title}
        description={t.apiKeys.subtitle}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t.apiKeys.new}
          </Button>
        }
      />
      <p className="text-muted-foreground mb-6 text-sm">{t.apiKeys.docsHint}</p>
      {keys.isPending ? (
        <ListSkeleton
          label={t.apiKeys.loading}
          count={3}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          itemClassName="h-48"
        />
      ) : keys.isError ? (
        <LoadError error={keys.error} />
      ) : keys.data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
            <KeyRound className="text-muted-foreground mb-2 size-10" aria-hidden="true" />
            <p className="text-lg font-semibold">{t.apiKeys.empty}</p>
            <p className="text-muted-foreground text-sm">{t.apiKeys.emptyHint}</p>
          </CardContent>
        </Card>
      ) : (
        <ul aria-label={t.apiKeys.listLabel} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {keys.data.map((key) => (
            <li key={key.id}>
              <ApiKeyCard apiKey={key} busy={update.isPending} onToggle={toggle} onRemove={setRemoving} />
            </li>
          ))}
        </ul>
      )}
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <DeleteApiKeyDialog apiKey={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
