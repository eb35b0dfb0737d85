import { useCallback, useEffect, useRef, useState } from 'react';

/** How many cards are rendered at first and added per step. */
export const INCREMENTAL_PAGE_SIZE = 60;

/**
 * Renders a long list a page at a time: the first `pageSize` items, then more when the sentinel
 * (placed after the list) scrolls into view, or when "Mostrar mais" is pressed. The count starts
 * over whenever `resetKey` changes (a new search).
 */
export function useIncrementalList<T>(items: readonly T[], resetKey: unknown, pageSize = INCREMENTAL_PAGE_SIZE) {
  const [state, setState] = useState({ key: resetKey, limit: pageSize });
  // Reset during render (not in an effect) so the first paint after a new search is already short.
  const limit = Object.is(state.key, resetKey) ? state.limit : pageSize;
  if (!Object.is(state.key, resetKey)) setState({ key: resetKey, limit: pageSize });

  const hasMore = items.length > limit;
  const showMore = useCallback(() => setState((s) => ({ key: s.key, limit: s.limit + pageSize })), [pageSize]);

  const observer = useRef<IntersectionObserver | null>(null);
  const sentinelRef = useCallback(
    (node: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) showMore();
        },
        { rootMargin: '600px 0px' },
      );
      observer.current.observe(node);
    },
    // A new ref per step: the fresh observer reports at once if the sentinel is still in view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [showMore, limit],
  );
  useEffect(() => () => observer.current?.disconnect(), []);

  return { visible: hasMore ? items.slice(0, limit) : items, hasMore, showMore, sentinelRef, total: items.length };
}
