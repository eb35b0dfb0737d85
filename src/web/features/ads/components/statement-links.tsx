import { AD_LINK_DEFAULT_DAYS, AD_LINK_STATUS_LABELS, type AdLinkCreated } from '@contract/ad-statements';
import { formatPeriodBr } from '@contract/ad-statement-format';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { adStatementLabels } from '@web/i18n/ad-statements';
import { formatDateAndTime } from '@web/lib/format';
import { toastFailure } from '@web/lib/toast-failure';
import { Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import {
  useCreateStatementLink,
  useRevokeStatementLink,
  useStatementLinks,
  type StatementPeriod,
} from '../api/advertiser-statement';

const l = adStatementLabels.links;
const statusVariant = { ativo: 'success', expirado: 'secondary', revogado: 'destructive' } as const;

/**
 * "Criar link" for the period shown, the new link's address to copy (shown once: only its hash is
 * kept), and the advertiser's links with their status and "Revogar" (docs/ads.md#statement-links).
 */
export function StatementLinks({ advertiserId, period }: { advertiserId: number; period: StatementPeriod }) {
  const links = useStatementLinks(advertiserId);
  const create = useCreateStatementLink(advertiserId);
  const revoke = useRevokeStatementLink(advertiserId);
  const [days, setDays] = useState(String(AD_LINK_DEFAULT_DAYS));
  const [created, setCreated] = useState<AdLinkCreated | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = () =>
    create.mutate(
      { ...period, days: Number(days) },
      {
        onSuccess: (link) => {
          setCreated(link);
          setCopied(false);
          toast(l.createSuccess);
        },
        onError: toastFailure(l.createFailure),
      },
    );
  // "Copiado" only when it was: without a clipboard (plain http) the address stays selected to copy by hand.
  const copy = async (url: string) => {
    const done = navigator.clipboard
      ? await navigator.clipboard.writeText(url).then(
          () => true,
          () => false,
        )
      : false;
    setCopied(done);
    if (!done) document.querySelector<HTMLInputElement>('[data-testid="statement-link-url"]')?.select();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{l.title}</CardTitle>
        <CardDescription>{l.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="statement-link-days">{l.days}</Label>
            <Input
              id="statement-link-days"
              type="number"
              min={1}
              max={366}
              className="h-9 w-28"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={create.isPending}>
            <Link2 aria-hidden="true" />
            {create.isPending ? l.creating : l.create}
          </Button>
        </form>

        {created ? (
          <div className="grid gap-1.5">
            <p className="text-sm">{l.created}</p>
            <div className="flex gap-2">
              <Input
                aria-label={l.urlLabel}
                data-testid="statement-link-url"
                readOnly
                value={created.url}
                onFocus={(e) => e.target.select()}
              />
              <Button type="button" variant="outline" onClick={() => void copy(created.url)}>
                <Copy aria-hidden="true" />
                {copied ? l.copied : l.copy}
              </Button>
            </div>
          </div>
        ) : null}

        {links.isError ? (
          <LoadError error={links.error} />
        ) : links.data && links.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">{l.empty}</p>
        ) : links.data ? (
          <div className="overflow-x-auto">
            <table aria-label={l.listLabel} className="w-full text-sm">
              <thead className="text-muted-foreground text-left">
                <tr className="border-b">
                  <th scope="col" className="px-2 py-2 font-medium">
                    {l.periodColumn}
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    {l.expiresColumn}
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    {l.statusColumn}
                  </th>
                  <th scope="col" className="px-2 py-2">
                    <span className="sr-only">{adStatementLabels.links.revoke}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {links.data.map((link) => {
                  const expires = formatDateAndTime(link.expiresAt);
                  return (
                    <tr key={link.id} data-testid={`statement-link-${link.id}`}>
                      <td className="px-2 py-2 tabular-nums">{formatPeriodBr(link)}</td>
                      <td className="px-2 py-2 tabular-nums">{expires ? `${expires.date} ${expires.time}` : ''}</td>
                      <td className="px-2 py-2">
                        <Badge variant={statusVariant[link.status]}>{AD_LINK_STATUS_LABELS[link.status]}</Badge>
                      </td>
                      <td className="px-2 py-2 text-right">
                        {link.status === 'ativo' ? (
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={l.revokeAria(link.id)}
                            disabled={revoke.isPending}
                            onClick={() =>
                              revoke.mutate(link.id, {
                                onSuccess: () => toast(l.revokeSuccess),
                                onError: toastFailure(l.revokeFailure),
                              })
                            }
                          >
                            {l.revoke}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
