import { messages } from '@contract/messages';
import { ADMIN_SOCKET_PATH, adminServerMessageSchema } from '@contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { useEffect, useState } from 'react';
import { applyRealtimeMessage } from './apply-realtime-message';
import { reconnectDelay } from './reconnect-schedule';

export type RealtimeState = 'closed' | 'connecting' | 'connected';

const socketUrl = () => `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${ADMIN_SOCKET_PATH}`;

/**
 * The admin realtime channel (SPEC §4, §7): open only while `enabled` (someone is signed in);
 * announces itself with `admin_auth`; reconnects after abnormal closes on the SPEC schedule.
 */
export function useRealtime(enabled: boolean): RealtimeState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RealtimeState>('closed');

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      setState('connecting');
      let opened = false;
      socket = new WebSocket(socketUrl());
      socket.onopen = () => {
        opened = true;
        attempt = 0;
        setState('connected');
        socket?.send(JSON.stringify({ type: 'admin_auth' }));
      };
      socket.onmessage = (event) => {
        let parsed;
        try {
          parsed = adminServerMessageSchema.parse(JSON.parse(String(event.data)));
        } catch {
          toast({ variant: 'destructive', ...messages.realtime.messageError });
          return;
        }
        if (parsed.type === 'error') {
          toast({ variant: 'destructive', title: messages.realtime.socketError.title, description: parsed.error || messages.realtime.socketError.fallback });
          return;
        }
        if (applyRealtimeMessage(queryClient, parsed)) toast(messages.realtime.playlistUpdated);
      };
      socket.onerror = () => {
        // A toast when the channel cannot be opened at first; later drops retry quietly.
        if (!opened && attempt === 0) toast({ variant: 'destructive', ...messages.realtime.connectionError });
      };
      socket.onclose = (event) => {
        socket = null;
        setState('closed');
        if (stopped) return;
        attempt += 1;
        const delay = reconnectDelay(attempt, event.code);
        if (delay !== null) timer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close(1000);
      setState('closed');
    };
  }, [enabled, queryClient]);

  return state;
}
