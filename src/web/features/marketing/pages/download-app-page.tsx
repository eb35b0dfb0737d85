import { t } from '@web/i18n/pt-br';
import { PublicLayout } from '../components/public-layout';

export default function DownloadAppPage() {
  return (
    <PublicLayout title="Baixar o app para TV">
      <h1 className="mb-4 text-3xl font-bold tracking-tight">Baixar o app para TV</h1>
      <p className="text-muted-foreground">{t.common.underConstruction}. {t.common.underConstructionHint}</p>
    </PublicLayout>
  );
}
