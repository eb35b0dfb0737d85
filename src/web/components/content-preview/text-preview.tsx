import { cn } from '@web/lib/cn';
import { fontSizeOf, readColor, readString, type PreviewOptions } from './preview-options';

const ALIGN = { left: 'text-left items-start', center: 'text-center items-center', right: 'text-right items-end' };

/** A text slide: its title above its body, in its colours, size and alignment. */
export function TextPreview({ options }: { options: PreviewOptions }) {
  const align = readString(options, 'align', 'center') as keyof typeof ALIGN;
  const title = readString(options, 'title').trim();
  const body = readString(options, 'body').trim();
  return (
    <div
      className={cn('flex size-full flex-col justify-center gap-[0.4em] p-[6cqh]', ALIGN[align] ?? ALIGN.center)}
      style={{
        color: readColor(options, 'textColor', '#ffffff'),
        backgroundColor: readColor(options, 'backgroundColor', '#0f172a'),
        fontSize: fontSizeOf(options, 'large'),
      }}
      data-testid="text-preview"
    >
      {title ? <p className="w-full text-[1.3em] leading-tight font-bold break-words">{title}</p> : null}
      {body ? <p className="w-full text-[0.8em] leading-snug break-words whitespace-pre-line">{body}</p> : null}
    </div>
  );
}
