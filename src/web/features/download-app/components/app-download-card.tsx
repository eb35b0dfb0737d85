import { TV_APP } from '@contract/constants';
import { Badge } from '@web/components/ui/badge';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Download, MonitorPlay } from 'lucide-react';
import { APP_DOWNLOAD_URL } from '../api/get-app-info';

const CHANNEL_LABELS: Record<string, string> = { stable: 'Estável' };

/** The app's identity card (SPEC §9: 1.2, stable, 4.2 MB, Android 11+) and, when offered, its download. */
export function AppDownloadCard({ available, loading }: { available: boolean; loading: boolean }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-4">
        <span className="bg-primary text-primary-foreground flex size-14 shrink-0 items-center justify-center rounded-xl">
          <MonitorPlay className="size-8" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <CardTitle>Sinalize TV para Android</CardTitle>
          <CardDescription>O player das suas telas: reproduz as playlists mesmo sem internet.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label="Sobre o app">
          <div>
            <dt className="text-muted-foreground text-xs font-medium uppercase">Versão</dt>
            <dd className="text-lg font-semibold">{TV_APP.version}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs font-medium uppercase">Canal</dt>
            <dd>
              <Badge variant="success">{CHANNEL_LABELS[TV_APP.channel] ?? TV_APP.channel}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs font-medium uppercase">Tamanho</dt>
            <dd className="text-lg font-semibold">{TV_APP.sizeLabel}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs font-medium uppercase">Compatível com</dt>
            <dd className="text-lg font-semibold">{TV_APP.minAndroid}</dd>
          </div>
        </dl>
        {available ? (
          <div className="grid gap-4">
            <a href={APP_DOWNLOAD_URL} download className={buttonVariants({ size: 'lg', className: 'justify-self-start' })}>
              <Download aria-hidden="true" />
              Baixar o app (APK, {TV_APP.sizeLabel})
            </a>
            <ol className="text-muted-foreground grid list-decimal gap-1 pl-5 text-sm">
              <li>Baixe o arquivo pelo navegador da TV, ou copie-o para a TV com um pendrive.</li>
              <li>Nas configurações da TV, permita instalar apps de fontes desconhecidas para o navegador ou o gerenciador de arquivos.</li>
              <li>Abra o arquivo, instale e inicie o Sinalize TV.</li>
              <li>Digite o código de 6 dígitos cadastrado para a TV em Dispositivos, no painel.</li>
            </ol>
          </div>
        ) : loading ? (
          <p className="text-muted-foreground text-sm" role="status">
            Verificando o instalador…
          </p>
        ) : (
          <p className="text-muted-foreground text-sm">
            O instalador do app ainda não foi publicado neste servidor. Enquanto isso, a TV exibe o mesmo conteúdo pelo navegador, como explicado abaixo.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
