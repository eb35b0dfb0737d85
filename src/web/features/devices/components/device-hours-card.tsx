import { OpeningHoursEditor, openingHoursTexts } from '@web/components/opening-hours-editor';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Clock } from 'lucide-react';
import { Controller } from 'react-hook-form';
import type { DeviceFormControl } from '../lib/device-form';

type Props = { form: DeviceFormControl };

/**
 * The device form's "Horário de funcionamento" card (docs/opening-hours.md): the screen's own
 * hours, or "Sempre ligada" (null), which leaves it to its group's hours, if any. The form always
 * sends the current value, so a device edited here keeps its hours.
 */
export function DeviceHoursCard({ form }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="text-primary size-5" aria-hidden="true" />
          {openingHoursTexts.title}
        </CardTitle>
        <CardDescription>
          Quando a tela fica ligada. Sem horário próprio vale o do grupo, se houver; fora do horário a TV mostra tela
          preta, não exibe nada e o painel diz &quot;Fora do horário&quot;.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Controller
          control={form.control}
          name="openingHours"
          render={({ field, fieldState }) => (
            <OpeningHoursEditor
              id="device-hours"
              value={field.value}
              onChange={field.onChange}
              serverError={fieldState.error?.message}
            />
          )}
        />
      </CardContent>
    </Card>
  );
}
