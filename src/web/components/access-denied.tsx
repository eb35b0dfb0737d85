import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ShieldAlert } from 'lucide-react';
import { useLocation } from 'wouter';

/** What a non-admin sees on an admin-only page (docs/product.md#roles). */
export function AccessDenied({ hint = t.users.accessDeniedHint }: { hint?: string }) {
  const [, navigate] = useLocation();
  useDocumentTitle(t.users.accessDenied);
  return (
    <Card className="mx-auto mt-8 max-w-md">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <ShieldAlert className="text-destructive size-12" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{t.users.accessDenied}</h1>
        <p className="text-muted-foreground">{hint}</p>
        <Button className="mt-2" onClick={() => navigate('/dashboard')}>
          {t.common.backToDashboard}
        </Button>
      </CardContent>
    </Card>
  );
}
