import { useMedia } from '@web/features/gallery/api/get-media';
import { PlaylistWizard, type PlaylistWizardProps } from '@web/features/playlists/components/playlist-wizard';

/** The playlist wizard with the gallery's media list to pick from (step 2). */
export function PlaylistWizardWithMedia(props: PlaylistWizardProps) {
  const available = useMedia();
  return <PlaylistWizard {...props} available={available} />;
}
