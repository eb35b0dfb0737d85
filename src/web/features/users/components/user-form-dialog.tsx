import { ROLE_LABELS, ROLES } from '@contract/constants';
import { toastFailure } from '@web/lib/toast-failure';
import { messages } from '@contract/messages';
import { createUserSchema, updateUserSchema, userFormSchema, type User, type UserFormValues } from '@contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSession } from '@web/lib/session';
import { Link } from 'wouter';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';

type UserFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user being edited; null means create mode (docs/product.md#states). */
  user: User | null;
};

export function UserFormDialog({ open, onOpenChange, user }: UserFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{user ? t.users.edit : t.users.new}</DialogTitle>
          <DialogDescription>{user ? t.users.form.editDescription : t.users.form.createDescription}</DialogDescription>
        </DialogHeader>
        {/* Mounted with the content, so every opening starts from this user's values. */}
        <UserForm user={user} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

const fieldNames = ['username', 'email', 'phone', 'role', 'password'] as const;
type FieldName = (typeof fieldNames)[number];
const isFieldName = (key: unknown): key is FieldName => fieldNames.includes(key as FieldName);

function UserForm({ user, onDone }: { user: User | null; onDone: () => void }) {
  const isEdit = user !== null;
  const session = useSession();
  // One's own password changes only on the profile, where the current password is asked for.
  const editingSelf = isEdit && session.user?.id === user.id;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const form = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema),
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      role: user?.role ?? 'user',
      password: '',
    },
  });
  const { errors } = form.formState;
  const pending = createUser.isPending || updateUser.isPending;
  const passwordHint = isEdit ? t.users.form.passwordKeepHint : t.users.form.passwordNewHint;

  const showIssues = (issues: z.core.$ZodIssue[]) => {
    for (const issue of issues) {
      const key = issue.path[0];
      if (isFieldName(key) && !form.getFieldState(key).error) form.setError(key, { message: issue.message });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    // Two form checks are toasts (docs/product.md#validation and #messages); the remaining rules show under fields.
    if (!values.username.trim() || !values.email.trim()) {
      toast({ variant: 'destructive', ...messages.users.requiredFields });
      return;
    }
    if (!isEdit && !values.password) {
      toast({ variant: 'destructive', ...messages.users.passwordRequired });
      return;
    }
    const input = { ...values, phone: values.phone.trim() || null };
    if (!isEdit) {
      const parsed = createUserSchema.safeParse(input);
      if (!parsed.success) return showIssues(parsed.error.issues);
      createUser.mutate(parsed.data, {
        onSuccess: () => {
          toast({ title: 'Sucesso!', description: messages.users.createSuccess });
          onDone();
        },
        onError: toastFailure(messages.users.createFailure),
      });
      return;
    }
    // An empty password on edit keeps the current one: it is left out of the request.
    const parsed = updateUserSchema.safeParse({ ...input, password: values.password || undefined });
    if (!parsed.success) return showIssues(parsed.error.issues);
    updateUser.mutate(
      { id: user.id, data: parsed.data },
      {
        onSuccess: () => {
          toast({ title: 'Sucesso!', description: messages.users.updateSuccess });
          onDone();
        },
        onError: toastFailure(messages.users.updateFailure),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id="user-username" label={t.users.form.username} error={errors.username?.message}>
        <Input
          {...fieldA11y('user-username', errors.username?.message)}
          autoComplete="off"
          {...form.register('username')}
        />
      </Field>
      <Field id="user-email" label={t.users.form.email} error={errors.email?.message}>
        <Input
          {...fieldA11y('user-email', errors.email?.message)}
          type="email"
          autoComplete="off"
          {...form.register('email')}
        />
      </Field>
      <Field id="user-phone" label={t.users.form.phone} error={errors.phone?.message}>
        <Input
          {...fieldA11y('user-phone', errors.phone?.message)}
          type="tel"
          autoComplete="off"
          {...form.register('phone')}
        />
      </Field>
      <Field id="user-role" label={t.users.form.role} error={errors.role?.message}>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} name={field.name}>
              <SelectTrigger {...fieldA11y('user-role', errors.role?.message)} onBlur={field.onBlur} ref={field.ref}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ROLES.map((role) => (
                  <SelectItem key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      {editingSelf ? (
        <p className="text-sm text-muted-foreground">
          {t.users.form.ownPasswordHint}{' '}
          <Link href="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
            {t.users.form.ownPasswordLink}
          </Link>
          .
        </p>
      ) : (
        <Field id="user-password" label={t.users.form.password} error={errors.password?.message} hint={passwordHint}>
          <PasswordInput
            {...fieldA11y('user-password', errors.password?.message, passwordHint)}
            autoComplete="new-password"
            {...form.register('password')}
          />
        </Field>
      )}
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {t.common.cancel}
        </Button>
        <PendingButton type="submit" pending={pending} pendingLabel={isEdit ? t.common.saving : t.users.form.creating}>
          {isEdit ? t.users.form.save : t.users.form.create}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
