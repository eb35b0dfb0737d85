import { messages } from '@contract/messages';
import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { getServerMessage } from '@web/lib/api-error';

/** A query that failed to load: the server's pt-BR message, or the generic one. */
export function LoadError({ error }: { error: unknown }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{getServerMessage(error) ?? messages.generic.error}</AlertDescription>
    </Alert>
  );
}
