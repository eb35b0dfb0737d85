import { loginSchema, type LoginInput } from '@contract/auth';
import { toastFailure } from '@web/lib/toast-failure';
import { messages } from '@contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { PendingButton } from '@web/components/pending-button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PasswordInput } from '@web/components/ui/password-input';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { useLogin } from '../api/login';
import {
  forgetCredentials,
  rememberCredentials,
  rememberedEmail,
  rememberedPassword,
} from '../lib/remembered-credentials';

export function LoginForm() {
  const [, navigate] = useLocation();
  const login = useLogin();
  // Read once, synchronously, so a remembered email is there on the first paint.
  const [initialEmail] = useState(() => rememberedEmail());
  const [remember, setRemember] = useState(initialEmail !== null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: initialEmail ?? '', password: '' },
  });
  const { errors } = form.formState;

  // The password comes from the browser's credential store, which answers asynchronously.
  useEffect(() => {
    if (!initialEmail) return;
    let cancelled = false;
    void rememberedPassword(initialEmail).then((password) => {
      if (!cancelled && password && !form.getValues('password')) form.setValue('password', password);
    });
    return () => {
      cancelled = true;
    };
  }, [initialEmail, form]);

  const onSubmit = form.handleSubmit((values) => {
    if (!remember) void forgetCredentials();
    login.mutate(values, {
      onSuccess: () => {
        // Remember only credentials that worked.
        if (remember) void rememberCredentials(values.email, values.password);
        toast(messages.auth.loginSuccess);
        navigate('/dashboard');
      },
      onError: toastFailure(messages.auth.loginFailure),
    });
  });

  const pending = login.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={t.login.title}>
      <Field id="login-email" label={t.login.email} error={errors.email?.message}>
        <Input
          {...fieldA11y('login-email', errors.email?.message)}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t.login.emailPlaceholder}
          aria-required="true"
          {...form.register('email')}
        />
      </Field>
      <Field id="login-password" label={t.login.password} error={errors.password?.message}>
        <PasswordInput
          {...fieldA11y('login-password', errors.password?.message)}
          autoComplete="current-password"
          placeholder={t.login.passwordPlaceholder}
          aria-required="true"
          showLabel={t.login.showPassword}
          hideLabel={t.login.hidePassword}
          {...form.register('password')}
        />
      </Field>
      <div className="flex items-center gap-2">
        <Checkbox id="login-remember" checked={remember} onCheckedChange={(v) => setRemember(v === true)} />
        <Label htmlFor="login-remember" className="cursor-pointer font-normal">
          {t.login.remember}
        </Label>
      </div>
      <PendingButton type="submit" size="lg" pending={pending} pendingLabel={t.login.submitting} className="w-full">
        {t.login.submit}
      </PendingButton>
    </form>
  );
}
