import { PLAYLIST_WIZARD_STEPS } from '@contract/constants';
import { Card } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { Check } from 'lucide-react';
import { stepPercent, type WizardStep } from '../lib/wizard';

/** "Passo n de 3", the percentage, the bar and the three step names (the current one marked). */
export function WizardProgress({ step }: { step: WizardStep }) {
  const percent = stepPercent(step);
  return (
    <Card className="grid grid-cols-1 gap-3 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-4 text-sm">
        <span className="font-medium">{t.playlists.wizard.stepOf(step, PLAYLIST_WIZARD_STEPS)}</span>
        <span className="text-muted-foreground font-medium tabular-nums" data-testid="wizard-percent">
          {percent}%
        </span>
      </div>
      <Progress value={percent} aria-label={t.playlists.wizard.progressLabel} />
      <ol aria-label={t.playlists.wizard.stepsLabel} className="grid grid-cols-3 gap-2">
        {t.playlists.wizard.steps.map((title, i) => {
          const n = i + 1;
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <li
              key={title}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn(
                'flex min-w-0 items-center gap-2 text-xs sm:text-sm',
                state === 'todo' ? 'text-muted-foreground' : 'text-foreground',
                state === 'current' && 'font-semibold',
              )}
            >
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  state === 'done' && 'border-primary bg-primary text-primary-foreground',
                  state === 'current' && 'border-primary text-primary',
                )}
                aria-hidden="true"
              >
                {state === 'done' ? <Check className="size-3.5" strokeWidth={3} /> : n}
              </span>
              <span className="min-w-0 leading-tight">
                {title}
                {state === 'done' ? <span className="sr-only"> {t.playlists.wizard.stepDone}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
