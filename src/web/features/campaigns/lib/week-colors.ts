/**
 * Readable colours for the week view, one per campaign in legend order (dark text on light
 * tints, AA contrast); an emergency is always red.
 */
export const CAMPAIGN_COLORS = [
  'bg-sky-200 text-sky-950',
  'bg-amber-200 text-amber-950',
  'bg-emerald-200 text-emerald-950',
  'bg-violet-200 text-violet-950',
  'bg-pink-200 text-pink-950',
  'bg-lime-200 text-lime-950',
  'bg-orange-200 text-orange-950',
  'bg-teal-200 text-teal-950',
] as const;
export const EMERGENCY_COLOR = 'bg-red-600 text-white';
export const PLAYLIST_COLOR = 'bg-muted text-muted-foreground';
export const NONE_COLOR = 'bg-background text-muted-foreground';
