import { AUTH_CODE_LENGTH } from '@contract/constants';
import { generateAuthCode, type Device } from '@contract/devices';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { t } from '@web/i18n/pt-br';
import { KeyRound, RefreshCw, ShieldAlert, TriangleAlert } from 'lucide-react';
import type { DeviceFormControl } from '../lib/device-form';
import { ConnectionSummary, PairingState } from './device-status';

type Props = { form: DeviceFormControl; device: Device | null };

/** The device form's "Código de Autenticação" card: the code, its pairing state and "Gerar Novo". */
export function DeviceAuthCard({ form, device }: Props) {
  const { errors } = form.formState;
  const codeHint = t.devices.form.authCodeHint;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="text-primary size-5" aria-hidden="true" />
          {t.devices.form.authTitle}
        </CardTitle>
        <CardDescription>{t.devices.form.authHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {device ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="text-muted-foreground">{t.devices.form.connection}:</span>
            <ConnectionSummary device={device} />
          </div>
        ) : null}
        {device ? (
          <div className="grid gap-1 text-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-muted-foreground">{t.devices.form.pairing}:</span>
              <PairingState device={device} className="font-medium" />
            </div>
            <p className="text-muted-foreground">
              {device.paired ? t.devices.pairing.pairedHint : t.devices.pairing.waitingHint}
            </p>
          </div>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field
            id="device-auth-code"
            label={t.devices.form.authCode}
            error={errors.authCode?.message}
            hint={codeHint}
            className="flex-1"
          >
            <Input
              {...fieldA11y('device-auth-code', errors.authCode?.message, codeHint)}
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={AUTH_CODE_LENGTH}
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-lg tracking-[0.3em] md:text-lg"
              {...form.register('authCode')}
            />
          </Field>
          <Button
            variant="outline"
            className="sm:mb-[1.625rem]"
            onClick={() => form.setValue('authCode', generateAuthCode(), { shouldDirty: true, shouldValidate: true })}
          >
            <RefreshCw aria-hidden="true" />
            {t.devices.form.generate}
          </Button>
        </div>
        <Alert variant="warning">
          <ShieldAlert aria-hidden="true" />
          <AlertDescription>{t.devices.form.keepSafe}</AlertDescription>
        </Alert>
        {device ? (
          <Alert variant="warning">
            <TriangleAlert aria-hidden="true" />
            <AlertDescription>{t.devices.form.changeDisconnects}</AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
