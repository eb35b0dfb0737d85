import { messages } from '@contract/messages';
import { ADMIN_SOCKET_PATH, adminServerMessageSchema } from '@contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { toast, toastIfIdle } from '@web/components/ui/use-toast';
import { useEffect, useState } from 'react';
import { applyRealtimeMessage, refetchAfterReconnect } from './apply-realtime-message';
import { isHandshake } from './handshake';
import {
  initialReconnectState,
  NORMAL_CLOSE,
  reconnectOnClose,
  reconnectOnOpen,
  reconnectOnRetry,
  reconnectOnWake,
} from './reconnect-schedule';

export type RealtimeState = 'closed' | 'connecting' | 'connected';
export type RealtimeStatus = {
  state: RealtimeState;
  /** The live channel was lost (or never opened) and is not back: the shell says so. */
  down: boolean;
};

const socketUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${ADMIN_SOCKET_PATH}`;

/**
 * The admin realtime channel (docs/product.md#states and docs/api.md#calls; docs/api.md#admin-channel): open only while
 * `enabled` (someone is signed in); announces itself with `admin_auth`; reconnects after abnormal closes on the
 * schedule of docs/api.md#admin-channel, and once a round's ten tries are spent a focus, a page made visible or the network
 * coming back starts a new round. Every reopen after a drop refetches what the screen shows.
 */
export function useRealtime(enabled: boolean): RealtimeStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>({ state: 'closed', down: false });

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let round = initialReconnectState;
    let stopped = false;
    /** A drop happened since the last open: what is cached may have missed changes. */
    let dropped = false;
    let everOpened = false;

    const connect = () => {
      setStatus((s) => ({ ...s, state: 'connecting' }));
      let opened = false;
      socket = new WebSocket(socketUrl());
      socket.onopen = () => {
        opened = true;
        everOpened = true;
        round = reconnectOnOpen();
        setStatus({ state: 'connected', down: false });
        socket?.send(JSON.stringify({ type: 'admin_auth' }));
        if (dropped) void refetchAfterReconnect(queryClient);
        dropped = false;
      };
      socket.onmessage = (event) => {
        let parsed;
        try {
          const data: unknown = JSON.parse(String(event.data));
          if (isHandshake(data)) return;
          parsed = adminServerMessageSchema.parse(data);
        } catch {
          toast({ variant: 'destructive', ...messages.realtime.messageError });
          return;
        }
        if (parsed.type === 'error') {
          toast({
            variant: 'destructive',
            title: messages.realtime.socketError.title,
            description: parsed.error || messages.realtime.socketError.fallback,
          });
          return;
        }
        const notice = applyRealtimeMessage(queryClient, parsed);
        if (notice) toastIfIdle(messages.realtime[notice]);
      };
      socket.onerror = () => {
        // A toast when the channel cannot be opened at first; later drops show the shell's indicator.
        if (!opened && !everOpened && round.attempt === 0)
          toast({ variant: 'destructive', ...messages.realtime.connectionError });
      };
      socket.onclose = (event) => {
        socket = null;
        if (stopped) return;
        dropped = true;
        const next = reconnectOnClose(round, event.code);
        round = next.state;
        setStatus({ state: 'closed', down: event.code !== NORMAL_CLOSE });
        if (next.delay !== null) {
          timer = setTimeout(() => {
            round = reconnectOnRetry(round);
            connect();
          }, next.delay);
        }
      };
    };

    const wake = () => {
      if (document.visibilityState === 'hidden') return;
      const next = reconnectOnWake(round);
      round = next.state;
      if (next.connectNow) connect();
    };
    window.addEventListener('focus', wake);
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('focus', wake);
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      socket?.close(NORMAL_CLOSE);
      setStatus({ state: 'closed', down: false });
    };
  }, [enabled, queryClient]);

  return status;
}
