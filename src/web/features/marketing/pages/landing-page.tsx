import { buttonVariants } from '@web/components/ui/button';
import { t } from '@web/i18n/pt-br';
import { Link } from 'wouter';
import { PublicLayout } from '../components/public-layout';

/** Placeholder landing page: the marketing site is specified but not built yet. */
export default function LandingPage() {
  return (
    <PublicLayout title="Sinalização digital">
      <section className="flex flex-col items-center gap-6 py-16 text-center">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">Gerencie as TVs da sua empresa em um só lugar</h1>
        <p className="text-muted-foreground max-w-2xl text-lg">
          Playlists, agendamento e status ao vivo dos seus dispositivos. {t.common.underConstruction}.
        </p>
        <Link href="/login" className={buttonVariants({ size: 'lg' })}>
          Acessar o painel
        </Link>
      </section>
    </PublicLayout>
  );
}
