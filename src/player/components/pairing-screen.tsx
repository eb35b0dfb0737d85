import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AUTH_CODE_LENGTH } from '@contract/constants';
import { PAIRING_MESSAGES } from '@contract/pairing';
import type { TvAuthResponse } from '@contract/tv';
import { applyKey, emptyEntry, entryCode, fromText, isComplete, type CodeEntry } from '../lib/code-entry';
import { authenticate, PairingRefusedError } from '../lib/device-api';
import { Logo } from './logo';

type Feedback = { kind: 'error' | 'notice'; text: string } | null;

const INCOMPLETE = `Digite os ${AUTH_CODE_LENGTH} dígitos do código.`;

/**
 * Full-screen pairing (docs/tv-protocol.md#pairing): six big cells readable from a sofa. A real, focused input takes
 * the keys, so a keyboard, a remote with number keys, a remote with only arrows and OK, and an
 * on-screen keyboard all work: digits fill the cells, ◀ ▶ move, ▲ ▼ turn the digit, OK connects.
 */
export function PairingScreen({
  notice,
  onPaired,
}: {
  notice: string | null;
  onPaired: (auth: TvAuthResponse) => void;
}) {
  const [entry, setEntry] = useState<CodeEntry>(emptyEntry);
  const [pending, setPending] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(notice ? { kind: 'notice', text: notice } : null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const input = inputRef.current;
    input?.focus();
    // A TV has no mouse: whatever took the focus, give it back to the code.
    const refocus = () => setTimeout(() => document.activeElement !== input && input?.focus(), 0);
    window.addEventListener('click', refocus);
    input?.addEventListener('blur', refocus);
    return () => {
      window.removeEventListener('click', refocus);
      input?.removeEventListener('blur', refocus);
    };
  }, []);

  async function submit(code: string) {
    if (pending) return;
    setPending(true);
    setFeedback(null);
    try {
      onPaired(await authenticate(code));
    } catch (error) {
      setFeedback({
        kind: 'error',
        text: error instanceof PairingRefusedError ? error.message : PAIRING_MESSAGES.unreachable,
      });
      setEntry((e) => ({ ...e, cursor: 0 }));
      setPending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (pending || event.altKey || event.ctrlKey || event.metaKey) return;
    const result = applyKey(entry, event.key);
    if (!result.handled) return;
    event.preventDefault();
    setEntry(result.entry);
    if (result.submit) void submit(entryCode(result.entry));
    else if (result.incomplete) setFeedback({ kind: 'error', text: INCOMPLETE });
    else if (feedback?.kind === 'error') setFeedback(null);
  }

  function onFormSubmit(event: FormEvent) {
    event.preventDefault();
    if (isComplete(entry)) void submit(entryCode(entry));
    else setFeedback({ kind: 'error', text: INCOMPLETE });
  }

  return (
    <main className="pairing" data-state="pairing">
      <Logo className="pairing-logo" />
      <h1 className="pairing-title">Conecte esta TV</h1>
      <p className="pairing-lead">
        Digite o código de 6 dígitos cadastrado para esta TV no painel do Sinalize, em Dispositivos.
      </p>
      <form className="pairing-form" onSubmit={onFormSubmit} aria-busy={pending}>
        <div className="code" aria-hidden="true">
          {entry.digits.map((digit, index) => (
            <span key={index} className="code-cell" data-selected={index === entry.cursor} data-filled={digit !== ''}>
              {digit}
            </span>
          ))}
        </div>
        <input
          ref={inputRef}
          className="code-input"
          aria-label="Código de pareamento de 6 dígitos"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={entryCode(entry)}
          maxLength={AUTH_CODE_LENGTH}
          // Read-only, not disabled, while connecting: the focus (and the remote) stays here.
          readOnly={pending}
          onKeyDown={onKeyDown}
          // On-screen keyboards often send no usable key events: read what they typed instead.
          onChange={(event) => setEntry(fromText(event.target.value))}
        />
        <button type="submit" className="pairing-button" disabled={pending}>
          {pending ? 'Conectando...' : 'Conectar'}
        </button>
      </form>
      <p
        className={`pairing-feedback pairing-feedback-${feedback?.kind ?? 'none'}`}
        role={feedback?.kind === 'error' ? 'alert' : 'status'}
      >
        {feedback?.text ?? ''}
      </p>
      <p className="pairing-help">
        Controle remoto: ◀ ▶ escolhem a posição, ▲ ▼ mudam o número, OK conecta.
        <br />
        Servidor: {location.host}
      </p>
    </main>
  );
}
