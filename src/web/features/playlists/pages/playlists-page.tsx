import { UnderConstruction } from '@web/components/under-construction';

export default function PlaylistsPage() {
  return <UnderConstruction title="Playlists" />;
}
