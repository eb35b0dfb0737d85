import { buttonVariants } from '@web/components/ui/button';
import { t } from '@web/i18n/pt-br';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { FileQuestion } from 'lucide-react';
import { Link } from 'wouter';

/** Unknown paths: the product keeps an English placeholder text here (docs/product.md#screens). */
export default function NotFoundPage() {
  useDocumentTitle('404');
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <div className="bg-card grid max-w-md gap-3 rounded-lg border p-8 text-center shadow-sm">
        <FileQuestion className="text-destructive mx-auto size-10" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{t.notFound.title}</h1>
        <p className="text-muted-foreground text-sm">{t.notFound.hint}</p>
        <Link href="/" className={buttonVariants({ variant: 'outline', className: 'mt-2' })}>
          {t.notFound.home}
        </Link>
      </div>
    </main>
  );
}
