import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { QrCode } from './qr-code';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** How to run the player without the app: open its address in the TV's browser. */
export function PlayerUrlCard({ playerUrl }: { playerUrl: string }) {
  let local = false;
  try {
    local = LOCAL_HOSTS.has(new URL(playerUrl).hostname);
  } catch {
    local = false;
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Use o player pelo navegador da TV</CardTitle>
        <CardDescription>
          Funciona em Smart TVs, TV boxes e mini PCs com um navegador atualizado (Chrome ou baseado no Chromium).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid items-center gap-6 md:grid-cols-[1fr_auto]">
        <div className="grid gap-4">
          <ol className="grid list-decimal gap-2 pl-5">
            <li>Abra o navegador da TV.</li>
            <li>
              Acesse o endereço abaixo (ou leia o QR code com o celular para conferir o endereço):
              <code
                className="bg-muted mt-2 block rounded-md px-3 py-2 font-mono text-base font-semibold break-all"
                data-testid="player-url"
              >
                {playerUrl}
              </code>
            </li>
            <li>Digite o código de 6 dígitos cadastrado para a TV em Dispositivos, no painel.</li>
            <li>
              Deixe o navegador em tela cheia. O player guarda as mídias e continua exibindo o conteúdo mesmo se a
              internet cair.
            </li>
          </ol>
          {local ? (
            <p className="text-foreground bg-warning/15 rounded-md px-3 py-2 text-sm">
              Este endereço só funciona neste computador. Na TV, use o IP ou o nome deste servidor na rede.
            </p>
          ) : null}
          <p className="text-muted-foreground text-sm">
            Para guardar as mídias e tocar sem internet, o navegador exige o endereço em https (ou localhost).
          </p>
        </div>
        <QrCode
          value={playerUrl}
          label={`QR code do endereço do player: ${playerUrl}`}
          className="size-44 justify-self-center rounded-md border"
        />
      </CardContent>
    </Card>
  );
}
