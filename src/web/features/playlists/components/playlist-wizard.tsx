import { PLAYLIST_WIZARD_STEPS } from '@contract/constants';
import { toastFailure } from '@web/lib/toast-failure';
import { messages } from '@contract/messages';
import type { PlaylistDetail } from '@contract/playlists';
import { zodResolver } from '@hookform/resolvers/zod';
import { PageHeader } from '@web/components/page-header';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { ArrowLeft, Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useCreatePlaylist } from '../api/create-playlist';
import { useUpdatePlaylist } from '../api/update-playlist';
import { buildMediaIndex, totalSizeOf } from '../lib/media-search';
import {
  buildPlaylistInput,
  emptyPlaylistInfo,
  parsePlaylistInput,
  playlistInfoFrom,
  playlistInfoSchema,
  type PlaylistInfoData,
  type PlaylistInfoValues,
} from '../lib/playlist-form';
import { canGoBack, canGoNext, canSave, initWizard, wizardReducer } from '../lib/wizard';
import { INFO_FORM_ID, InfoStep } from './info-step';
import { MediaStep, type AvailableMedia } from './media-step';
import { PreviewStep } from './preview-step';
import { WizardProgress } from './wizard-progress';

export type PlaylistWizardProps = {
  /** The playlist being edited; absent on /playlists/create. */
  playlist?: PlaylistDetail;
};

type MediaSlot = {
  /** The gallery's media list (the gallery feature's query), given by the route. */
  available: AvailableMedia;
};

/** The three-step create/edit wizard of docs/product.md#screens and #states ("Playlist wizard"). */
export function PlaylistWizard({ playlist, available }: PlaylistWizardProps & MediaSlot) {
  const isEdit = playlist !== undefined;
  const [, navigate] = useLocation();
  const createPlaylist = useCreatePlaylist();
  const updatePlaylist = useUpdatePlaylist();
  const pending = createPlaylist.isPending || updatePlaylist.isPending;

  const [state, dispatch] = useReducer(wizardReducer, playlist?.items, initWizard);
  const form = useForm<PlaylistInfoValues, unknown, PlaylistInfoData>({
    resolver: zodResolver(playlistInfoSchema),
    defaultValues: playlist ? playlistInfoFrom(playlist) : emptyPlaylistInfo,
  });
  const name = useWatch({ control: form.control, name: 'name' });

  const media = useMemo(() => buildMediaIndex(available.data, playlist?.items), [available.data, playlist?.items]);
  const totalSize = totalSizeOf(state.items, media);
  const { step } = state;

  // Each step change moves the focus to the new step's title, so keyboard and screen-reader users
  // start reading the new content (not on the first render: the page title comes first).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    titleRef.current?.focus();
  }, [step]);

  // Step 1 validates its fields with the contract's schema before moving on.
  const onInfoSubmit = form.handleSubmit(() => dispatch({ type: 'next', name: form.getValues('name') }));

  const onSave = () => {
    const parsed = parsePlaylistInput(buildPlaylistInput(form.getValues(), state.items, totalSize));
    const failure = isEdit ? messages.playlists.updateFailure : messages.playlists.createFailure;
    if (!parsed.ok) {
      toast({ variant: 'destructive', title: failure.title, description: parsed.message || failure.description });
      return;
    }
    const onError = toastFailure(failure);
    if (!isEdit) {
      createPlaylist.mutate(parsed.data, {
        onSuccess: () => {
          toast(messages.playlists.createSuccess);
          navigate('/playlists');
        },
        onError,
      });
      return;
    }
    updatePlaylist.mutate(
      { id: playlist.id, data: parsed.data },
      {
        onSuccess: () => {
          toast(messages.playlists.updateSuccess);
          navigate('/playlists');
        },
        onError,
      },
    );
  };

  const l = t.playlists.wizard;
  const stepTitle = l.steps[step - 1];

  return (
    <div className="space-y-6">
      <div>
        <Button variant="ghost" size="sm" asChild className="-ml-2 mb-2">
          <Link href="/playlists">
            <ArrowLeft aria-hidden="true" />
            {l.back}
          </Link>
        </Button>
        <PageHeader
          title={isEdit ? l.editTitle : l.createTitle}
          description={isEdit ? l.editSubtitle : l.createSubtitle}
        />
      </div>

      <WizardProgress step={step} />

      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle ref={titleRef} tabIndex={-1} className="focus:outline-none">
            {stepTitle}
          </CardTitle>
          <CardDescription>{l.stepDescriptions[step - 1]}</CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          {step === 1 ? (
            <InfoStep form={form} onSubmit={onInfoSubmit} />
          ) : step === 2 ? (
            <MediaStep state={state} dispatch={dispatch} available={available} media={media} />
          ) : (
            <PreviewStep info={form.getValues()} items={state.items} media={media} totalSize={totalSize} />
          )}
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="outline" onClick={() => dispatch({ type: 'back' })} disabled={!canGoBack(state) || pending}>
          <ChevronLeft aria-hidden="true" />
          {l.previous}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="ghost" onClick={() => navigate('/playlists')} disabled={pending}>
            {t.common.cancel}
          </Button>
          {step < PLAYLIST_WIZARD_STEPS ? (
            <Button
              // On step 1 it submits the form (validation first); on step 2 it just moves on.
              type={step === 1 ? 'submit' : 'button'}
              form={step === 1 ? INFO_FORM_ID : undefined}
              onClick={step === 1 ? undefined : () => dispatch({ type: 'next', name })}
              disabled={!canGoNext(state, name)}
            >
              {l.next}
              <ChevronRight aria-hidden="true" />
            </Button>
          ) : (
            <PendingButton
              onClick={onSave}
              pending={pending}
              pendingLabel={isEdit ? l.saving : l.creating}
              icon={<Check aria-hidden="true" />}
              disabled={!canSave(state.items.length, pending)}
            >
              {isEdit ? l.save : l.create}
            </PendingButton>
          )}
        </div>
      </div>
    </div>
  );
}
