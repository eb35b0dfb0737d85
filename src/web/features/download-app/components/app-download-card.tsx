import { TV_APP } from '@contract/constants';
import { Badge } from '@web/components/ui/badge';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Download, MonitorPlay } from 'lucide-react';
import { APP_DOWNLOAD_URL, type AppInfo } from '../api/get-app-info';
import { apkSizeLabel } from '../lib/apk-size';
import { QrCode } from './qr-code';

const CHANNEL_LABELS: Record<string, string> = { stable: 'Estável' };

/**
 * The app's identity card (docs/product.md#constants: 1.2, stable, Android 11+) and, when the server has the APK, its
 * download with the real size and SHA-256, and a QR code of the download for technicians.
 */
export function AppDownloadCard({ info, loading }: { info: AppInfo | undefined; loading: boolean }) {
  const available = info?.available === true;
  const size = apkSizeLabel(available ? info.sizeBytes : null);
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-4">
        <span className="bg-primary text-primary-foreground flex size-14 shrink-0 items-center justify-center rounded-xl">
          <MonitorPlay className="size-8" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <CardTitle>Sinalize TV para Android</CardTitle>
          <CardDescription>
            O player das suas telas: reproduz as playlists mesmo sem internet, também em rede local sem https.
          </CardDescription>
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
            <dd className="text-lg font-semibold" data-testid="apk-size">
              {size}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs font-medium uppercase">Compatível com</dt>
            <dd className="text-lg font-semibold">{TV_APP.minAndroid}</dd>
          </div>
        </dl>
        {available ? (
          <div className="grid items-start gap-6 md:grid-cols-[1fr_auto]">
            <div className="grid gap-4">
              <a
                href={APP_DOWNLOAD_URL}
                download
                className={buttonVariants({ size: 'lg', className: 'justify-self-start' })}
              >
                <Download aria-hidden="true" />
                Baixar o app (APK, {size})
              </a>
              {info.sha256 ? (
                <div className="grid gap-1 text-sm">
                  <span className="text-muted-foreground">SHA-256 do arquivo (para conferir o download):</span>
                  <code className="bg-muted rounded-md px-3 py-2 font-mono text-xs break-all" data-testid="apk-sha256">
                    {info.sha256}
                  </code>
                </div>
              ) : null}
              <ol className="text-muted-foreground grid list-decimal gap-1 pl-5 text-sm">
                <li>
                  Baixe o arquivo na TV (pelo navegador ou por um app de download, com o endereço do QR code), ou
                  copie-o com um pendrive ou instale pelo computador com <code>adb install</code>.
                </li>
                <li>
                  Nas configurações da TV, permita instalar apps de fontes desconhecidas para o app que abre o arquivo.
                </li>
                <li>
                  Abra o arquivo, instale e inicie o Sinalize TV. Na primeira vez, digite o endereço deste servidor:{' '}
                  <code className="text-foreground font-semibold" data-testid="server-address">
                    {info.playerUrl.replace(/\/player$/, '')}
                  </code>
                  .
                </li>
                <li>Digite o código de 6 dígitos cadastrado para a TV em Dispositivos, no painel.</li>
              </ol>
            </div>
            <figure className="grid justify-items-center gap-2">
              <QrCode
                value={info.downloadUrl}
                label={`QR code do download do app: ${info.downloadUrl}`}
                className="size-40 rounded-md border"
              />
              <figcaption className="text-muted-foreground max-w-40 text-center text-xs">
                Para técnicos: o endereço do download
              </figcaption>
            </figure>
          </div>
        ) : loading ? (
          <p className="text-muted-foreground text-sm" role="status">
            Verificando o instalador…
          </p>
        ) : (
          <p className="text-muted-foreground text-sm">
            O instalador do app ainda não foi publicado neste servidor. Enquanto isso, a TV exibe o mesmo conteúdo pelo
            navegador, como explicado abaixo.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
