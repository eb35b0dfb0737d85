import '@web/lib/zod-setup';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { BrandMark } from '@web/components/brand-mark';
import { t } from '@web/i18n/pt-br';
import { LoginForm } from '../components/login-form';

/** The login screen: the /login route, and what the shell shows when nobody is signed in. */
export function LoginPage() {
  return (
    <main className="from-background to-accent flex min-h-dvh items-center justify-center bg-gradient-to-br p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <BrandMark className="mb-2" />
          <h1 className="text-xl font-semibold tracking-tight">{t.login.title}</h1>
          <CardDescription>{t.login.subtitle}</CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm />
        </CardContent>
      </Card>
    </main>
  );
}
