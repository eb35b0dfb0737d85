import { useEffect } from 'react';

/** Sets the tab title to "{page} · Sinalize" (screen readers announce it on navigation too). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Sinalize`;
  }, [title]);
}
