import { HistoryView } from '@web/features/history/components/history-view';
import { useActivityAuthors } from '@web/features/history/api/get-activity-authors';

/** /history: the history, its user filter offering the workspace's users who have entries. */
export default function HistoryPage() {
  return <HistoryView users={useActivityAuthors().data ?? []} />;
}
