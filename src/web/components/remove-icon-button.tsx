import { Trash2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * The red trash button of a list row that asks for a removal; the label names what would go (it is
 * the button's only text for screen readers).
 */
export function RemoveIconButton({
  label,
  title = label,
  disabled,
  onClick,
}: {
  label: string;
  title?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="text-destructive hover:text-destructive"
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      <Trash2 aria-hidden="true" />
    </Button>
  );
}
