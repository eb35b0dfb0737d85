import { PlaylistWizard } from '../components/playlist-wizard';

/** /playlists/create: the wizard, empty. */
export default function CreatePlaylistPage() {
  return <PlaylistWizard />;
}
