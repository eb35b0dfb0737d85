import { UnderConstruction } from '@web/components/under-construction';

export default function CreatePlaylistPage() {
  return <UnderConstruction title="Nova Playlist" />;
}
