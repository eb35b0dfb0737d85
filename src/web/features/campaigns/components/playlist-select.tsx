import { Field, fieldA11y } from '@web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { t } from '@web/i18n/pt-br';
import type { ControllerRenderProps } from 'react-hook-form';
import type { CampaignRefs } from '../lib/refs';

/** react-hook-form's field for `playlistId` (the campaign form's or the emergency's), and the options. */
type PlaylistSelectProps = Pick<ControllerRenderProps, 'name' | 'onBlur'> & {
  id: string;
  value: unknown;
  onChange: (id: number) => void;
  triggerRef: ControllerRenderProps['ref'];
  playlists: CampaignRefs['playlists'];
  error?: string;
};

/** The playlist a campaign or an emergency plays. */
export function PlaylistSelect({
  id,
  value,
  onChange,
  onBlur,
  name,
  triggerRef,
  playlists,
  error,
}: PlaylistSelectProps) {
  const l = t.campaigns.form;
  return (
    <Field id={id} label={l.playlist} error={error}>
      <Select value={value ? String(value) : ''} onValueChange={(v) => onChange(Number(v))} name={name}>
        <SelectTrigger {...fieldA11y(id, error)} onBlur={onBlur} ref={triggerRef}>
          <SelectValue placeholder={l.playlistPlaceholder} />
        </SelectTrigger>
        <SelectContent>
          {(playlists ?? []).map((p) => (
            <SelectItem key={p.id} value={String(p.id)}>
              {p.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}
