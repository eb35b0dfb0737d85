import { useCallback, useState } from 'react';
import { PairingScreen } from './components/pairing-screen';
import { PlaybackScreen } from './components/playback-screen';
import { forgetDevice, loadToken, saveToken } from './lib/storage';
import { syncCache } from './lib/sw-client';

const REVOKED_NOTICE = 'Esta TV foi desconectada no painel. Digite o código de 6 dígitos para conectá-la de novo.';

/** Pairing until the TV has a token; playback until the server refuses it (a 401 received, never a failure). */
export function PlayerApp() {
  const [token, setToken] = useState<string | null>(loadToken);
  const [notice, setNotice] = useState<string | null>(null);

  const onRevoked = useCallback(() => {
    forgetDevice();
    // An unpaired TV keeps none of its former owner's content.
    syncCache([]);
    setNotice(REVOKED_NOTICE);
    setToken(null);
  }, []);

  if (!token) {
    return (
      <PairingScreen
        notice={notice}
        onPaired={(auth) => {
          saveToken(auth.token);
          setNotice(null);
          setToken(auth.token);
        }}
      />
    );
  }
  return <PlaybackScreen key={token} token={token} onRevoked={onRevoked} />;
}
