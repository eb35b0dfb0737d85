import { useDocumentTitle } from '@web/lib/use-document-title';
import type { ReactNode } from 'react';
import { useMetaDescription } from '../lib/use-meta-description';
import { SiteFooter } from './site-footer';
import { SiteHeader, type SectionLink } from './site-header';
import { cn } from '@web/lib/cn';

type PublicLayoutProps = {
  title: string;
  /** `<meta name="description">` for this page. */
  description?: string;
  /** In-page section links for the header (the landing page's anchors). */
  sections?: readonly SectionLink[];
  /** `false` lets the page lay out full-width bands itself (the landing page). */
  contained?: boolean;
  children: ReactNode;
};

/** Header with the login link, the page, and a footer with the legal pages and support hours. */
export function PublicLayout({ title, description, sections, contained = true, children }: PublicLayoutProps) {
  useDocumentTitle(title);
  useMetaDescription(description);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className={cn(
          'bg-primary text-primary-foreground sr-only z-50 rounded-md',
          'px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2',
        )}
      >
        Pular para o conteúdo
      </a>
      <SiteHeader sections={sections} />
      <main
        id="conteudo"
        tabIndex={-1}
        className={
          contained ? 'mx-auto w-full max-w-6xl flex-1 px-4 py-12 focus:outline-none' : 'flex-1 focus:outline-none'
        }
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
