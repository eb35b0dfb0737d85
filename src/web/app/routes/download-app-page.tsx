import { AppDownloadCard } from '@web/features/download-app/components/app-download-card';
import { PlayerUrlCard } from '@web/features/download-app/components/player-url-card';
import { RequirementsCard, SupportCard } from '@web/features/download-app/components/requirements-card';
import { useAppInfo } from '@web/features/download-app/api/get-app-info';
import { PublicLayout } from '@web/features/marketing/components/public-layout';

/**
 * docs/product.md#download-page: the TV app (1.2, stable, Android 11+), its download with the real size and
 * SHA-256 when the server has the installable file (the one `npm run build:apk` made, or
 * `APP_APK_PATH`), otherwise how to open the player in the TV's browser (address + QR code);
 * requirements and support hours (docs/product.md#constants).
 */
export default function DownloadAppPage() {
  const info = useAppInfo();
  const playerUrl = info.data?.playerUrl ?? `${window.location.origin}/player`;
  const available = info.data?.available === true;
  return (
    <PublicLayout
      title="Baixar o app para TV"
      description="Baixe o Sinalize TV 1.2 para Android TV (Android 11+, 4.2 MB) ou abra o player no navegador da TV. Requisitos técnicos e horário de suporte."
    >
      <div className="grid gap-8">
        <header className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">Baixar o app para TV</h1>
          <p className="text-muted-foreground max-w-3xl">
            Instale o Sinalize TV na TV (ou no TV box ligado a ela) e conecte a tela com o código de 6 dígitos
            cadastrado no painel. A partir daí, ela exibe as playlists atribuídas e se atualiza sozinha.
          </p>
        </header>
        <AppDownloadCard info={info.data} loading={info.isPending} />
        {!available && !info.isPending ? <PlayerUrlCard playerUrl={playerUrl} /> : null}
        <div className="grid gap-8 md:grid-cols-2">
          <RequirementsCard />
          <SupportCard />
        </div>
      </div>
    </PublicLayout>
  );
}
