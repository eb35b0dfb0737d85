import { buttonVariants } from '@web/components/ui/button';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'wouter';
import { HeroMedia } from '../components/hero-media';
import { LandingSections } from '../components/landing-sections';
import { PublicLayout } from '../components/public-layout';
import { HERO, LANDING_META, SECTIONS } from '../content/landing-content';

const sectionLinks = SECTIONS.map((section) => ({ href: `#${section.id}`, label: section.label }));

function scrollToHash() {
  const hash = window.location.hash.slice(1);
  let id = hash;
  try {
    id = decodeURIComponent(hash);
  } catch {
    // a malformed escape: look the id up as written
  }
  if (id) document.getElementById(id)?.scrollIntoView();
}

/**
 * Keeps the first render short (docs/benchmarks.md#targets, Lighthouse): the hero renders first and the sections
 * below it right after, in a transition (React renders it in slices, not in one long task). Those
 * sections then skip layout and paint until they near the viewport (content-visibility). Their real
 * heights are unknown until then, so an anchor jump would land off target: the first in-page
 * navigation renders and lays out everything (`laidOut`), then scrolls. A `/#section` URL starts
 * that way (this lazy page renders after the browser's own attempt to scroll there).
 */
function useProgressiveSections() {
  const [state, setState] = useState(() => {
    const hasHash = window.location.hash.length > 1;
    return { restShown: hasHash, laidOut: hasHash };
  });
  useEffect(() => {
    scrollToHash();
    startTransition(() => setState((s) => (s.restShown ? s : { ...s, restShown: true })));
    const onHashChange = () => {
      flushSync(() => setState({ restShown: true, laidOut: true }));
      scrollToHash();
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return state;
}

export default function LandingPage() {
  const { restShown, laidOut } = useProgressiveSections();
  return (
    <PublicLayout
      title={LANDING_META.title}
      description={LANDING_META.description}
      sections={sectionLinks}
      contained={false}
    >
      <section aria-labelledby="hero-titulo" className="from-accent to-background bg-linear-to-b">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:py-20 lg:grid-cols-2">
          <div className="grid gap-6">
            <p className="text-primary text-sm font-semibold tracking-wide uppercase">{HERO.eyebrow}</p>
            <h1 id="hero-titulo" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              {HERO.title}
            </h1>
            <p className="text-muted-foreground text-lg">{HERO.lead}</p>
            <ul aria-label="O que o Sinalize faz" className="grid gap-2 sm:grid-cols-2">
              {HERO.promises.map((promise) => (
                <li key={promise} className="flex items-center gap-2 text-sm font-medium">
                  <CircleCheck className="text-success size-4 shrink-0" aria-hidden="true" />
                  {promise}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-3">
              <a href="#contato" className={buttonVariants({ size: 'lg' })}>
                Solicitar orçamento
                <ArrowRight aria-hidden="true" />
              </a>
              <Link href="/login" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                Acessar o painel
              </Link>
            </div>
          </div>
          <HeroMedia />
        </div>
      </section>

      {restShown ? (
        <LandingSections deferred={!laidOut} />
      ) : (
        // Holds the footer far below until the sections render (no layout shift on screen).
        <div aria-hidden="true" className="h-[300vh]" />
      )}
    </PublicLayout>
  );
}
