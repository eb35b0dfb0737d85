import { SUPPORT_HOURS, TV_APP } from '@contract/constants';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { COMPANY } from '@web/lib/company';

const formatPorts = (ports: readonly number[]) =>
  ports.length > 1 ? `${ports.slice(0, -1).join(', ')} e ${ports.at(-1)}` : String(ports[0] ?? '');

/** docs/product.md#constants: the TV's technical requirements. */
export function RequirementsCard() {
  const rows = [
    { label: 'Sistema', value: `${TV_APP.minAndroid.replace('+', '')} ou superior` },
    { label: 'Memória RAM', value: TV_APP.ramLabel },
    { label: 'Espaço livre', value: TV_APP.freeSpaceLabel },
    { label: 'Gráficos', value: TV_APP.openGl },
    { label: 'Internet', value: `${TV_APP.bandwidth} ou mais` },
    { label: 'Portas liberadas', value: formatPorts(TV_APP.ports) },
  ];
  return (
    <Card role="region" aria-labelledby="requisitos-tecnicos">
      <CardHeader>
        <CardTitle id="requisitos-tecnicos">Requisitos técnicos</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          {rows.map((row) => (
            <div key={row.label} className="flex justify-between gap-4 py-2 text-sm">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="text-right font-medium">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** docs/product.md#constants: support hours, and where to write. */
export function SupportCard() {
  return (
    <Card role="region" aria-labelledby="horario-de-suporte">
      <CardHeader>
        <CardTitle id="horario-de-suporte">Horário de suporte</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="divide-y">
          {SUPPORT_HOURS.map((slot) => (
            <div key={slot.days} className="flex justify-between gap-4 py-2 text-sm">
              <dt className="text-muted-foreground">{slot.days}</dt>
              <dd className="text-right font-medium">{slot.hours}</dd>
            </div>
          ))}
        </dl>
        <p className="text-muted-foreground text-sm">
          Dúvidas na instalação? Escreva para{' '}
          <a className="text-primary underline underline-offset-4" href={`mailto:${COMPANY.supportEmail}`}>
            {COMPANY.supportEmail}
          </a>
          .
        </p>
      </CardContent>
    </Card>
  );
}
