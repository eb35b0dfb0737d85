import { Redirect } from 'wouter';
import { useSession } from '@web/lib/session';
import { LoginPage } from './login-page';

/** /login: someone already signed in goes straight to the dashboard. */
export default function LoginRoute() {
  const { user } = useSession();
  return user ? <Redirect to="/dashboard" replace /> : <LoginPage />;
}
