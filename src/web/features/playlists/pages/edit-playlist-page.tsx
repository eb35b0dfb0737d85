import { UnderConstruction } from '@web/components/under-construction';

export default function EditPlaylistPage() {
  return <UnderConstruction title="Editar Playlist" />;
}
