import { API_KEY_RESOURCES, type ApiKey } from '@contract/api-keys';
import { RemoveIconButton } from '@web/components/remove-icon-button';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { formatDate, formatRelativeTime } from '@web/lib/format';
import { useNow } from '@web/lib/use-now';
import { KeyRound, Power, PowerOff } from 'lucide-react';

type Props = { apiKey: ApiKey; busy: boolean; onToggle: (key: ApiKey) => void; onRemove: (key: ApiKey) => void };

/** One key: name, its first characters, what it may do, status, last use and expiry. Never the key. */
export function ApiKeyCard({ apiKey, busy, onToggle, onRemove }: Props) {
  const now = useNow();
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt).getTime() <= now;
  const granted = API_KEY_RESOURCES.filter((r) => apiKey.permissions[r] !== 'none');
  return (
    <Card className="flex h-full flex-col gap-4 p-5" data-testid={`api-key-card-${apiKey.id}`}>
      <div className="flex items-center gap-3">
        <span className="bg-accent text-accent-foreground flex size-10 shrink-0 items-center justify-center rounded-full">
          <KeyRound className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold" title={apiKey.name}>
            {apiKey.name}
          </h3>
          <code className="text-muted-foreground text-xs" data-testid="api-key-prefix">
            {apiKey.prefix}…
          </code>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            disabled={busy}
            aria-label={apiKey.isActive ? t.apiKeys.deactivateAria(apiKey.name) : t.apiKeys.activateAria(apiKey.name)}
            title={apiKey.isActive ? t.apiKeys.deactivate : t.apiKeys.activate}
            onClick={() => onToggle(apiKey)}
          >
            {apiKey.isActive ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
          </Button>
          <RemoveIconButton label={t.apiKeys.removeAria(apiKey.name)} onClick={() => onRemove(apiKey)} />
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {expired ? (
          <Badge variant="destructive">{t.apiKeys.expired}</Badge>
        ) : (
          <Badge variant={apiKey.isActive ? 'success' : 'secondary'} data-testid="api-key-status">
            {apiKey.isActive ? t.apiKeys.active : t.apiKeys.inactive}
          </Badge>
        )}
      </div>
      <dl className="text-muted-foreground grid gap-1 text-sm">
        <div>
          <dt className="text-foreground font-medium">{t.apiKeys.permissions}</dt>
          <dd>
            <ul className="grid gap-0.5">
              {granted.map((r) => (
                <li key={r}>
                  {t.apiKeys.resources[r]}: {t.apiKeys.access[apiKey.permissions[r]]}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{t.apiKeys.lastUsed}:</dt>
          <dd>{apiKey.lastUsed ? formatRelativeTime(apiKey.lastUsed, now) : t.apiKeys.never}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t.apiKeys.expires}:</dt>
          <dd>{apiKey.expiresAt ? formatDate(apiKey.expiresAt) : t.apiKeys.noExpiry}</dd>
        </div>
      </dl>
    </Card>
  );
}
