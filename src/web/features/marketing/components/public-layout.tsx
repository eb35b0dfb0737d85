import { BrandMark } from '@web/components/brand-mark';
import { buttonVariants } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

const footerLinks = [
  { href: '/privacy-policy', label: 'Política de Privacidade' },
  { href: '/terms-of-service', label: 'Termos de Serviço' },
  { href: '/download-app', label: 'Baixar o app para TV' },
];

/** Header with the login link and a footer with the legal pages, around a public page. */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Link href="/" className="focus-visible:ring-ring rounded-md focus-visible:ring-2 focus-visible:outline-none">
            <BrandMark />
          </Link>
          <Link href="/login" className={buttonVariants({ size: 'sm' })}>
            Entrar
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-12">{children}</main>
      <footer className="border-t bg-card">
        <nav aria-label="Rodapé" className="text-muted-foreground mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm">
          {footerLinks.map((link) => (
            <Link key={link.href} href={link.href} className="hover:text-foreground underline-offset-4 hover:underline">
              {link.label}
            </Link>
          ))}
        </nav>
      </footer>
    </div>
  );
}
