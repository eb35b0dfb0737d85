import { PageErrorBoundary } from '@web/components/page-error-boundary';
import { PageLoader } from '@web/components/page-loader';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';

// The public paths are listed in @contract/pages too (early requests, per-path preloads).
// Route-level code splitting: the public pages stay small; the whole signed-in area (shell, forms,
// dialogs) is one more chunk, and each of its pages another.
const LandingPage = lazy(() => import('@web/features/marketing/pages/landing-page'));
const PrivacyPolicyPage = lazy(() => import('@web/features/marketing/pages/privacy-policy-page'));
const TermsOfServicePage = lazy(() => import('@web/features/marketing/pages/terms-of-service-page'));
const DownloadAppPage = lazy(() => import('./routes/download-app-page'));
const PublicStatementPage = lazy(() => import('@web/features/ads/pages/public-statement-page'));
const LoginRoute = lazy(() => import('@web/features/auth/pages/login-route'));
const AuthenticatedArea = lazy(() => import('./authenticated-area'));

export function AppRouter() {
  return (
    <PageErrorBoundary fullScreen>
      <Suspense fallback={<PageLoader fullScreen />}>
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route path="/login" component={LoginRoute} />
          <Route path="/privacy-policy" component={PrivacyPolicyPage} />
          <Route path="/terms-of-service" component={TermsOfServicePage} />
          <Route path="/download-app" component={DownloadAppPage} />
          <Route path="/anunciante/:token" component={PublicStatementPage} />
          <Route component={AuthenticatedArea} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}
