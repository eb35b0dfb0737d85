import { UnderConstruction } from '@web/components/under-construction';

export default function AddDevicePage() {
  return <UnderConstruction title="Adicionar Dispositivo" />;
}
