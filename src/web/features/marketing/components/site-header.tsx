import { BrandMark } from '@web/components/brand-mark';
import { buttonVariants } from '@web/components/ui/button';
import { Link } from 'wouter';
import { cn } from '@web/lib/cn';

export type SectionLink = { href: string; label: string };

/**
 * Public header: the brand (home), the in-page section links when the page has any, and "Entrar".
 * Sticky from tablet width up; on a phone the section links wrap onto a scrollable second row.
 */
export function SiteHeader({ sections }: { sections?: readonly SectionLink[] }) {
  return (
    <header className="bg-card/95 z-40 border-b md:sticky md:top-0 md:backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link
          href="/"
          aria-label="Sinalize, página inicial"
          className="focus-visible:ring-ring rounded-md focus-visible:ring-2 focus-visible:outline-none"
        >
          <BrandMark />
        </Link>
        {sections?.length ? (
          <nav
            aria-label="Seções da página"
            className="order-last -mx-4 w-[calc(100%+2rem)] overflow-x-auto md:order-none md:mx-0 md:w-auto md:flex-1"
          >
            <ul className="flex gap-1 px-3 md:px-0">
              {sections.map((section) => (
                <li key={section.href}>
                  <a
                    href={section.href}
                    className={cn(
                      'text-muted-foreground hover:text-foreground hover:bg-accent focus-visible:ring-ring block',
                      'rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:outline-none',
                    )}
                  >
                    {section.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <Link href="/login" className={buttonVariants({ size: 'sm', className: 'ml-auto' })}>
          Entrar
        </Link>
      </div>
    </header>
  );
}
