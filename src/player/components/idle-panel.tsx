import { Logo } from './logo';

/**
 * The neutral, branded screen shown instead of content (never a black screen): nothing assigned,
 * outside the campaign dates, nothing playable, or content still loading.
 */
export function IdlePanel({ title, detail, compact = false }: { title: string; detail?: string; compact?: boolean }) {
  return (
    <div className={`idle-panel${compact ? ' idle-panel-compact' : ''}`} role="status">
      <Logo />
      <p className="idle-title">{title}</p>
      {detail ? <p className="idle-detail">{detail}</p> : null}
    </div>
  );
}
