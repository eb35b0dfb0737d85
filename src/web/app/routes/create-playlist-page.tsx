import { PlaylistWizardWithMedia } from './playlist-wizard-with-media';

/** /playlists/create: the wizard, empty. */
export default function CreatePlaylistPage() {
  return <PlaylistWizardWithMedia />;
}
