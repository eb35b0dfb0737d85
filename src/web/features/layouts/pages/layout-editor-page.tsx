import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { PageLoader } from '@web/components/page-loader';
import { Button } from '@web/components/ui/button';
import { t } from '@web/i18n/pt-br';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { useLayout } from '../api/get-layout';
import { LayoutEditor } from '../components/layout-editor';
import { templateFromSearch } from '../lib/editor-values';

const labels = t.layouts.editor;

/** /layouts/new (optionally `?modelo=<built-in id>`) and /layouts/:id: the editor on a page of its own. */
export default function LayoutEditorPage() {
  const { id } = useParams<{ id?: string }>();
  return id === undefined ? <NewLayout /> : <EditLayout id={Number(id)} />;
}

function Back() {
  return (
    <Button asChild variant="ghost" size="sm" className="mb-2">
      <Link href="/layouts">
        <ArrowLeft aria-hidden="true" />
        {labels.back}
      </Link>
    </Button>
  );
}

function NewLayout() {
  const [, navigate] = useLocation();
  const template = templateFromSearch(useSearch());
  return (
    <>
      <Back />
      <PageHeader title={labels.newTitle} />
      <LayoutEditor layout={null} template={template} onDone={() => navigate('/layouts')} />
    </>
  );
}

function EditLayout({ id }: { id: number }) {
  const [, navigate] = useLocation();
  const layout = useLayout(id);
  return (
    <>
      <Back />
      <PageHeader title={labels.editTitle} />
      {layout.isPending ? (
        <PageLoader />
      ) : layout.isError ? (
        <LoadError error={layout.error} />
      ) : layout.data.builtIn ? (
        <p className="text-muted-foreground">
          {labels.builtInHint}{' '}
          <Link href={`/layouts/new?modelo=${layout.data.id}`} className="text-primary underline">
            {t.layouts.copy}
          </Link>
        </p>
      ) : (
        <LayoutEditor key={layout.data.id} layout={layout.data} onDone={() => navigate('/layouts')} />
      )}
    </>
  );
}
