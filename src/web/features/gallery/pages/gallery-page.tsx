import { UnderConstruction } from '@web/components/under-construction';

export default function GalleryPage() {
  return <UnderConstruction title="Galeria de Mídia" />;
}
