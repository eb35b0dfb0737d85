import { messages } from '@contract/messages';
import { toastFailure } from '@web/lib/toast-failure';
import { profileFormSchema, type ProfileFormValues, type UpdateUserInput, type User } from '@contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { Save } from 'lucide-react';
import { useForm, type FieldErrors } from 'react-hook-form';

/** `PUT /api/users/{id}`: the users feature's mutation, given by the route. */
export type SaveProfile = Pick<
  UseMutationResult<User, Error, { id: number; data: UpdateUserInput }>,
  'mutate' | 'isPending'
>;

type ProfileFormProps = { user: User; updateUser: SaveProfile; onCancel: () => void; onSaved: () => void };

const valuesOf = (user: User): ProfileFormValues => ({
  username: user.username,
  email: user.email,
  phone: user.phone ?? '',
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
});

/** Edit mode of the profile, with the optional password change (docs/product.md#screens and #validation). */
export function ProfileForm({ user, updateUser, onCancel, onSaved }: ProfileFormProps) {
  const form = useForm({ resolver: zodResolver(profileFormSchema), defaultValues: valuesOf(user) });
  const { errors } = form.formState;

  const onValid = form.handleSubmit(
    (values) => {
      const data: UpdateUserInput = {
        username: values.username,
        email: values.email,
        phone: values.phone.trim() || null,
      };
      // The password pair is sent only when both are filled (docs/product.md#validation).
      if (values.currentPassword && values.newPassword) {
        data.currentPassword = values.currentPassword;
        data.password = values.newPassword;
      }
      updateUser.mutate(
        { id: user.id, data },
        {
          onSuccess: () => {
            toast({ title: 'Perfil atualizado', description: messages.profile.updateSuccess });
            onSaved();
          },
          onError: toastFailure(messages.profile.updateFailure),
        },
      );
    },
    (invalid: FieldErrors<ProfileFormValues>) => {
      // This rule is reported as a toast (docs/product.md#messages gives it a title); the others show under fields.
      if (invalid.currentPassword) toast({ variant: 'destructive', ...messages.profile.currentPasswordRequired });
    },
  );

  const cancel = () => {
    form.reset(valuesOf(user));
    onCancel();
  };

  const pending = updateUser.isPending;
  return (
    <form onSubmit={onValid} noValidate className="grid gap-6" aria-label={t.profile.edit}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t.profile.basicInfo}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Field id="profile-username" label={t.profile.username} error={errors.username?.message}>
              <Input
                {...fieldA11y('profile-username', errors.username?.message)}
                autoComplete="username"
                {...form.register('username')}
              />
            </Field>
            <Field id="profile-email" label={t.profile.email} error={errors.email?.message}>
              <Input
                {...fieldA11y('profile-email', errors.email?.message)}
                type="email"
                autoComplete="email"
                {...form.register('email')}
              />
            </Field>
            <Field id="profile-phone" label={t.profile.phone} error={errors.phone?.message}>
              <Input
                {...fieldA11y('profile-phone', errors.phone?.message)}
                type="tel"
                autoComplete="tel"
                {...form.register('phone')}
              />
            </Field>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t.profile.changePassword}</CardTitle>
            <CardDescription>{t.profile.changePasswordHint}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {/* Its error is the "Erro de validação" toast, not repeated under the field. */}
            <Field id="profile-current-password" label={t.profile.currentPassword}>
              <Input
                id="profile-current-password"
                type="password"
                autoComplete="current-password"
                {...form.register('currentPassword')}
              />
            </Field>
            <Field id="profile-new-password" label={t.profile.newPassword} error={errors.newPassword?.message}>
              <Input
                {...fieldA11y('profile-new-password', errors.newPassword?.message)}
                type="password"
                autoComplete="new-password"
                {...form.register('newPassword')}
              />
            </Field>
            <Field
              id="profile-confirm-password"
              label={t.profile.confirmPassword}
              error={errors.confirmPassword?.message}
            >
              <Input
                {...fieldA11y('profile-confirm-password', errors.confirmPassword?.message)}
                type="password"
                autoComplete="new-password"
                {...form.register('confirmPassword')}
              />
            </Field>
          </CardContent>
        </Card>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={cancel} disabled={pending}>
          {t.common.cancel}
        </Button>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={t.common.saving}
          icon={<Save aria-hidden="true" />}
        >
          {t.profile.save}
        </PendingButton>
      </div>
    </form>
  );
}
