import type { Device } from '@contract/devices';
import { messages } from '@contract/messages';
import { SCREENSHOT_WAIT_MS } from '@contract/screens';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { t } from '@web/i18n/pt-br';
import { getServerMessage } from '@web/lib/api-error';
import { cn } from '@web/lib/cn';
import { formatDateAndTime } from '@web/lib/format';
import { useSession } from '@web/lib/session';
import { Camera, Loader2, MonitorX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { screenshotUrl, useLatestScreenshot } from '../api/get-screenshot';
import { useRequestScreenshot } from '../api/request-screenshot';
import { screenAspect } from '../lib/screen-aspect';
import { screenshotPhase, startAttempt, type ScreenshotAttempt, type ScreenshotPhase } from '../lib/screenshot-attempt';

type ScreenshotDialogProps = {
  /** The device whose screen is shown; null keeps the dialog closed. */
  device: Device | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/** "Capturar tela" (issue 15): the latest screenshot, and a new one asked of the TV on opening. */
export function ScreenshotDialog({ device, onClose, onCloseAutoFocus }: ScreenshotDialogProps) {
  return (
    <Dialog open={device !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        {/* Mounted per opening: each opening asks the TV once. */}
        {device ? <ScreenshotView key={device.id} device={device} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const PHASE_ERRORS: Partial<Record<ScreenshotPhase, string>> = {
  failed: t.screens.screenshot.failed,
  'timed-out': t.screens.screenshot.timedOut,
};

function ScreenshotView({ device, onClose }: { device: Device; onClose: () => void }) {
  const latest = useLatestScreenshot(device.id);
  const request = useRequestScreenshot();
  const [attempt, setAttempt] = useState<ScreenshotAttempt | null>(null);
  const lastId = useRef(0);
  const phase = attempt ? screenshotPhase(attempt, latest) : null;
  const waiting = phase === 'waiting';

  const { mutate } = request;
  const failures = latest.failures;
  const latestAt = latest.screenshotAt;
  const capture = useCallback(() => {
    const id = ++lastId.current;
    setAttempt(startAttempt(id, { screenshotAt: latestAt, failures }));
    const update = (change: Partial<ScreenshotAttempt>) => setAttempt((a) => (a?.id === id ? { ...a, ...change } : a));
    mutate(device.id, {
      // The 409's text says the TV is offline; anything else (no network) gets ours.
      onError: (error) => update({ refused: getServerMessage(error) ?? t.screens.screenshot.requestFailed }),
    });
  }, [device.id, failures, latestAt, mutate]);

  // Asked at once on opening; the ref keeps StrictMode's second effect run from asking twice.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    capture();
  }, [capture]);

  const attemptId = attempt?.id;
  useEffect(() => {
    if (attemptId === undefined || !waiting) return;
    const timer = setTimeout(
      () => setAttempt((a) => (a?.id === attemptId ? { ...a, timedOut: true } : a)),
      SCREENSHOT_WAIT_MS,
    );
    return () => clearTimeout(timer);
  }, [attemptId, waiting]);

  const error = phase === 'refused' ? attempt!.refused : phase ? (PHASE_ERRORS[phase] ?? null) : null;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{device.name}</DialogTitle>
        <DialogDescription>{t.screens.screenshot.description}</DialogDescription>
      </DialogHeader>
      {/* Always in the page, so that the changes in it are announced. */}
      <div role="status" className="text-muted-foreground flex min-h-5 items-center gap-2 text-sm">
        {waiting ? (
          <>
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            {t.screens.screenshot.waiting}
          </>
        ) : phase === 'received' ? (
          t.screens.screenshot.received
        ) : null}
      </div>
      {error !== null ? <Alert variant="destructive">{error}</Alert> : null}
      <ScreenshotPicture device={device} screenshotAt={latest.screenshotAt} dimmed={waiting} />
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t.screens.screenshot.close}
        </Button>
        {phase !== null && !waiting ? (
          <Button onClick={capture}>
            <Camera aria-hidden="true" />
            {t.screens.screenshot.again}
          </Button>
        ) : null}
      </DialogFooter>
    </>
  );
}

/** The picture in the screen's own shape, whole (letterboxed), with when it was taken. */
function ScreenshotPicture({
  device,
  screenshotAt,
  dimmed,
}: {
  device: Device;
  screenshotAt: string | null;
  dimmed: boolean;
}) {
  const { workspace } = useSession();
  // The workspace's clock, like every time the app shows; the browser's until the session says it.
  const taken = formatDateAndTime(screenshotAt, workspace?.timeZone);
  const aspect = screenAspect(device.resolution, device.orientation);
  const vertical = aspect.height > aspect.width;
  const [broken, setBroken] = useState<string | null>(null);

  return (
    <figure className="grid gap-2">
      <div
        className={cn(
          'mx-auto flex items-center justify-center overflow-hidden rounded-md bg-black',
          vertical ? 'h-[min(60dvh,36rem)] max-w-full' : 'max-h-[60dvh] w-full',
        )}
        style={{ aspectRatio: `${aspect.width} / ${aspect.height}` }}
      >
        {screenshotAt && taken && broken !== screenshotAt ? (
          <img
            // A new element per picture: the old one never stands for the new one while it loads.
            key={screenshotAt}
            src={screenshotUrl(device.id, screenshotAt)}
            alt={t.screens.screenshot.alt(device.name, taken.time)}
            className={cn('size-full object-contain transition-opacity', dimmed && 'opacity-60')}
            onError={() => setBroken(screenshotAt)}
            data-testid="device-screenshot"
          />
        ) : (
          <p className="flex flex-col items-center gap-2 p-6 text-center text-sm text-white/80">
            <MonitorX className="size-6" aria-hidden="true" />
            {screenshotAt ? t.screens.screenshot.imageFailed : messages.devices.screenshotNone}
          </p>
        )}
      </div>
      {taken ? (
        <figcaption className="text-muted-foreground text-center text-sm">
          {t.screens.screenshot.takenAt(taken.date, taken.time)}
        </figcaption>
      ) : null}
    </figure>
  );
}
