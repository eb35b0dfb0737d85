import { UnderConstruction } from '@web/components/under-construction';

export default function EditDevicePage() {
  return <UnderConstruction title="Editar Dispositivo" />;
}
