import { PageErrorBoundary } from '@web/components/page-error-boundary';
import { PageLoader } from '@web/components/page-loader';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@web/components/ui/sheet';
import { BrandMark } from '@web/components/brand-mark';
import { useSession } from '@web/lib/session';
import { ConnectionIndicator } from '@web/app/realtime/connection-indicator';
import { useRealtime } from '@web/app/realtime/use-realtime';
import { t } from '@web/i18n/pt-br';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { SidebarContent } from './sidebar-content';
import { cn } from '@web/lib/cn';

// Only a signed-out visitor of a private page needs the login screen (and its form code): a chunk of
// its own, never downloaded by a signed-in session.
const LoginPage = lazy(() => import('@web/features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));

/**
 * The authenticated layout (docs/product.md#screens): a fixed sidebar from the md breakpoint up, a top bar with a
 * slide-out menu below it. With nobody signed in it shows the login screen on the same URL.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  // A page that failed to load is forgotten when the operator moves to another one.
  const [location] = useLocation();
  // The live channel runs only while someone is signed in (docs/product.md#states).
  const realtime = useRealtime(Boolean(user));

  if (isLoading) return <PageLoader fullScreen />;
  if (!user) return <LoginPage />;

  return (
    <div className="min-h-dvh md:pl-64" data-realtime={realtime.state}>
      <a
        href="#main-content"
        className={cn(
          'bg-primary text-primary-foreground sr-only z-[60] rounded-md',
          'px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2',
        )}
      >
        {t.nav.skipToContent}
      </a>
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 md:block">
        <SidebarContent user={user} />
      </aside>
      <header className="bg-sidebar sticky top-0 z-30 flex h-14 items-center gap-3 px-3 md:hidden">
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger
            aria-label={t.nav.openMenu}
            className={cn(
              'hover:bg-sidebar-accent flex size-10 cursor-pointer items-center justify-center',
              'rounded-md text-white focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:outline-none',
            )}
          >
            <Menu className="size-5" aria-hidden="true" />
          </SheetTrigger>
          <SheetContent className="text-sidebar-foreground">
            <SheetTitle className="sr-only">{t.nav.menuTitle}</SheetTitle>
            <SheetDescription className="sr-only">{t.nav.label}</SheetDescription>
            <SidebarContent user={user} onNavigate={() => setMenuOpen(false)} />
          </SheetContent>
        </Sheet>
        <Link
          href="/dashboard"
          className="rounded-md focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:outline-none"
        >
          <BrandMark tone="dark" />
        </Link>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-7xl p-4 focus:outline-none sm:p-6 lg:p-8">
        <PageErrorBoundary key={location}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </PageErrorBoundary>
      </main>
      <ConnectionIndicator down={realtime.down} />
    </div>
  );
}
