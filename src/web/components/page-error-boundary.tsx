import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { CircleAlert, RotateCw } from 'lucide-react';
import { Component, type ReactNode } from 'react';

type Props = { children: ReactNode; fullScreen?: boolean };

/**
 * Catches what a page throws while it loads or draws: most often its code chunk failing to
 * download (the server restarting, the network gone). Without it React unmounts the whole tree and
 * the operator sees a blank window; with it the shell and its menu stay. The caller keys it by the
 * location, so moving to another page starts clean. `lazy()` keeps a failed import, so the way
 * back is a full reload.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={cn('p-4', this.props.fullScreen && 'flex min-h-dvh items-center justify-center')}>
        <Alert variant="destructive" className="max-w-xl">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{t.pageError.title}</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-3">
            <p>{t.pageError.description}</p>
            <Button type="button" variant="outline" onClick={() => window.location.reload()}>
              <RotateCw aria-hidden="true" />
              {t.pageError.reload}
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
}
