import { LEGAL_LAST_UPDATED } from '@contract/constants';
import type { ReactNode } from 'react';
import { formatLegalDate } from '../lib/legal-date';

export type LegalSection = { id: string; title: string; body: ReactNode };

// Long-form text without a typography plugin: spacing and lists for the section bodies.
const prose = [
  'text-foreground/90 leading-relaxed [&_a]:text-primary [&_a]:underline',
  '[&_a]:underline-offset-4 [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold [&_li]:mb-1.5',
  '[&_ol]:mb-4 [&_ol]:list-[lower-alpha] [&_ol]:pl-6 [&_p]:mb-4 [&_strong]:font-semibold [&_ul]:mb-4 [&_ul]:list-disc [&_ul]:pl-6',
].join(' ');

/** A legal page: title, last update, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl">
      <header className="mb-8 border-b pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-muted-foreground mt-2 text-sm">
          Última atualização: <time dateTime={LEGAL_LAST_UPDATED}>{formatLegalDate(LEGAL_LAST_UPDATED)}</time>
        </p>
      </header>
      <div className={prose}>{intro}</div>
      <nav aria-label="Nesta página" className="bg-muted/60 my-8 rounded-lg border p-5">
        <h2 className="mb-3 text-sm font-semibold">Nesta página</h2>
        <ol className="text-muted-foreground grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="hover:text-foreground inline-flex min-h-7 items-center underline-offset-4 hover:underline"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`} className="scroll-mt-20">
          <h2 id={`${section.id}-titulo`} className="mt-10 mb-4 text-xl font-semibold tracking-tight">
            {index + 1}. {section.title}
          </h2>
          <div className={prose}>{section.body}</div>
        </section>
      ))}
    </article>
  );
}
