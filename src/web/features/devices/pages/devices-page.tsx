import { UnderConstruction } from '@web/components/under-construction';

export default function DevicesPage() {
  return <UnderConstruction title="Dispositivos" />;
}
