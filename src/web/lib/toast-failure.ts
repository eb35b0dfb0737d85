import { toast } from '@web/components/ui/use-toast';
import { getServerMessage } from './api-error';

/**
 * The error toast of docs/product.md#messages: the catalogue title, and the server's pt-BR message when it sent
 * one, else the catalogue text. Returns the handler for a mutation's `onError`.
 */
export const toastFailure =
  (fallback: { title: string; description: string }) =>
  (error: unknown): void => {
    toast({
      variant: 'destructive',
      title: fallback.title,
      description: getServerMessage(error) ?? fallback.description,
    });
  };
