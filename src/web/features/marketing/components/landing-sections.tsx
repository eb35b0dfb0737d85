import { buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import {
  CalendarClock,
  ChartColumn,
  CircleCheck,
  Code,
  Columns2,
  Download,
  Handshake,
  KeyRound,
  MonitorPlay,
  Network,
  WifiOff,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BENEFITS, CASES, INTEGRATION, PRICING, STATS, STATS_DISCLAIMER, STEPS } from '../content/landing-content';
import { ContactForm } from './contact-form';

const benefitIcons: Record<keyof typeof BENEFITS, LucideIcon> = {
  remote: MonitorPlay,
  scheduling: CalendarClock,
  reports: ChartColumn,
  commissions: Handshake,
  offline: WifiOff,
  layouts: Columns2,
};
const integrationIcons: Record<keyof typeof INTEGRATION, LucideIcon> = {
  app: Download,
  network: Network,
  api: Code,
  pairing: KeyRound,
};

type SectionProps = {
  id: string;
  title: string;
  intro?: string;
  tone?: 'plain' | 'muted';
  deferred: boolean;
  children: ReactNode;
};

function Section({ id, title, intro, tone = 'plain', deferred, children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titulo`}
      className={cn(
        'scroll-mt-16',
        deferred && '[contain-intrinsic-size:auto_720px] [content-visibility:auto]',
        tone === 'muted' && 'bg-muted/60 border-y',
      )}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="mb-10 max-w-2xl">
          <h2 id={`${id}-titulo`} className="text-3xl font-bold tracking-tight">
            {title}
          </h2>
          {intro ? <p className="text-muted-foreground mt-3 text-lg">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

function IconCard({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <li className="bg-card rounded-xl border p-6 shadow-sm">
      <span className="bg-accent text-primary mb-4 flex size-10 items-center justify-center rounded-lg">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <h3 className="mb-2 font-semibold">{title}</h3>
      <p className="text-muted-foreground text-sm leading-relaxed">{text}</p>
    </li>
  );
}

/**
 * Everything below the hero: the anchored sections of docs/product.md#screens. With `deferred`, each section skips
 * layout and paint until it nears the viewport (content-visibility), see `landing-page.tsx`.
 */
export function LandingSections({ deferred }: { deferred: boolean }) {
  return (
    <>
      <Section
        id="como-funciona"
        deferred={deferred}
        title="Como funciona"
        intro="Da caixa da TV ao conteúdo no ar em quatro passos, sem técnico especializado."
      >
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="grid content-start gap-3">
              <span
                className="bg-primary text-primary-foreground flex size-10 items-center justify-center rounded-full text-lg font-bold"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="font-semibold">
                <span className="sr-only">Passo {index + 1}: </span>
                {step.title}
              </h3>
              <p className="text-muted-foreground text-sm leading-relaxed">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="beneficios"
        deferred={deferred}
        title="Benefícios"
        intro="Menos deslocamento e retrabalho, mais controle, e uma nova fonte de receita nas telas que você já tem."
        tone="muted"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {(Object.keys(BENEFITS) as (keyof typeof BENEFITS)[]).map((key) => (
            <IconCard key={key} icon={benefitIcons[key]} {...BENEFITS[key]} />
          ))}
        </ul>
      </Section>

      <Section
        id="casos-de-sucesso"
        deferred={deferred}
        title="Casos de sucesso"
        intro="Empresas de segmentos diferentes usam o Sinalize para vender mais e comunicar melhor."
      >
        <dl className="mb-3 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-describedby="aviso-numeros">
          {STATS.map((stat) => (
            <div key={stat.value} className="bg-card flex flex-col-reverse gap-1 rounded-xl border p-6 shadow-sm">
              <dt className="text-muted-foreground text-sm">{stat.label}</dt>
              <dd className="text-primary text-4xl font-bold tracking-tight">
                {stat.value}
                <span aria-hidden="true" className="align-super text-lg">
                  *
                </span>
              </dd>
            </div>
          ))}
        </dl>
        <p id="aviso-numeros" className="text-muted-foreground mb-12 text-xs">
          * {STATS_DISCLAIMER}
        </p>
        <ul className="grid gap-6 lg:grid-cols-3">
          {CASES.map((item) => (
            <li key={item.segment} className="bg-card grid content-start gap-2 rounded-xl border p-6 shadow-sm">
              <h3 className="font-semibold">{item.segment}</h3>
              <p className="text-primary text-sm font-medium">{item.scale}</p>
              <p className="text-muted-foreground text-sm leading-relaxed">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="integracao"
        deferred={deferred}
        title="Integração"
        intro="Funciona com as TVs e a rede que você já tem, e conversa com os seus sistemas."
        tone="muted"
      >
        <ul className="mb-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {(Object.keys(INTEGRATION) as (keyof typeof INTEGRATION)[]).map((key) => (
            <IconCard key={key} icon={integrationIcons[key]} {...INTEGRATION[key]} />
          ))}
        </ul>
        <Link href="/download-app" className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden="true" />
          Baixar o app para TV
        </Link>
      </Section>

      <Section
        id="contato"
        deferred={deferred}
        title="Fale com a gente"
        intro="Conte como são as suas telas e receba uma proposta sob medida."
      >
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr]">
          <div className="grid content-start gap-4">
            <h3 className="text-xl font-semibold">{PRICING.title}</h3>
            <p className="text-muted-foreground">{PRICING.text}</p>
            <ul className="grid gap-2">
              {PRICING.bullets.map((bullet) => (
                <li key={bullet} className="flex items-center gap-2 text-sm font-medium">
                  <CircleCheck className="text-success size-4 shrink-0" aria-hidden="true" />
                  {bullet}
                </li>
              ))}
            </ul>
          </div>
          <ContactForm />
        </div>
      </Section>
    </>
  );
}
