import '@web/lib/zod-setup';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, use, type ComponentType } from 'react';
import { matchRoute, Route, Switch, useLocation, useRouter } from 'wouter';
import NotFoundPage from './routes/not-found';
import { firstDataReady } from './first-data';
import { AppShell } from './shell/app-shell';

// Route-level code splitting: each page is its own chunk, loaded on first visit.
const protectedRoutes: { path: string; component: ComponentType }[] = [
  { path: '/dashboard', component: lazy(() => import('./routes/dashboard-page')) },
  { path: '/devices', component: lazy(() => import('./routes/devices-page')) },
  { path: '/devices/add', component: lazy(() => import('./routes/add-device-page')) },
  { path: '/devices/edit/:id', component: lazy(() => import('./routes/edit-device-page')) },
  { path: '/gallery', component: lazy(() => import('@web/features/gallery/pages/gallery-page')) },
  { path: '/playlists', component: lazy(() => import('@web/features/playlists/pages/playlists-page')) },
  { path: '/playlists/create', component: lazy(() => import('./routes/create-playlist-page')) },
  { path: '/playlists/edit/:id', component: lazy(() => import('./routes/edit-playlist-page')) },
  { path: '/campaigns', component: lazy(() => import('./routes/campaigns-page')) },
  { path: '/campaigns/semana', component: lazy(() => import('./routes/campaign-week-page')) },
  { path: '/campaigns/new', component: lazy(() => import('./routes/campaign-form-route')) },
  { path: '/campaigns/:id/edit', component: lazy(() => import('./routes/campaign-form-route')) },
  { path: '/layouts', component: lazy(() => import('@web/features/layouts/pages/layouts-page')) },
  { path: '/layouts/new', component: lazy(() => import('@web/features/layouts/pages/layout-editor-page')) },
  { path: '/layouts/:id', component: lazy(() => import('@web/features/layouts/pages/layout-editor-page')) },
  { path: '/reports', component: lazy(() => import('./routes/reports-page')) },
  { path: '/users', component: lazy(() => import('@web/features/users/pages/users-page')) },
  { path: '/api-keys', component: lazy(() => import('@web/features/api-keys/pages/api-keys-page')) },
  { path: '/jobs', component: lazy(() => import('@web/features/jobs/pages/jobs-page')) },
  { path: '/alerts', component: lazy(() => import('@web/features/alerts/pages/alerts-page')) },
  { path: '/advertisers', component: lazy(() => import('@web/features/ads/pages/advertisers-page')) },
  {
    path: '/advertisers/:id/statement',
    component: lazy(() => import('@web/features/ads/pages/advertiser-statement-page')),
  },
  { path: '/partners', component: lazy(() => import('@web/features/ads/pages/partners-page')) },
  {
    path: '/partners/:id/commissions',
    component: lazy(() => import('@web/features/ads/pages/partner-commissions-page')),
  },
  { path: '/history', component: lazy(() => import('./routes/history-page')) },
  { path: '/profile', component: lazy(() => import('./routes/profile-page')) },
];

/**
 * Every path that is not a public page. A known authenticated path renders inside one shared
 * shell (kept mounted while moving between pages); anything else is the 404 page.
 */
export default function AuthenticatedArea() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const known = protectedRoutes.some((route) => matchRoute(parser, route.path, location)[0]);
  if (!known) return <NotFoundPage />;
  return <ProtectedPages />;
}

/** The shell and its pages, first rendered once the session and the device list are in (`first-data.ts`). */
function ProtectedPages() {
  use(firstDataReady(useQueryClient()));
  return (
    <AppShell>
      <Switch>
        {protectedRoutes.map((route) => (
          <Route key={route.path} path={route.path} component={route.component} />
        ))}
      </Switch>
    </AppShell>
  );
}
