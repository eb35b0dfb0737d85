/**
 * A share of a simulated fleet in a process of its own, driven by simulated-tv-fleet.ts over IPC:
 * its TVs' timers and sockets then never wait for the process that measures them.
 */
import { SimulatedTv } from './simulated-tv';
import type { FleetCommand, FleetReply } from './simulated-tv-fleet';

const tvs: SimulatedTv[] = [];
const reply = (message: FleetReply) => process.send!(message);

process.on('message', (command: FleetCommand) => {
  switch (command.type) {
    case 'start':
      for (const token of command.tokens)
        tvs.push(
          new SimulatedTv(command.baseUrl, token, command.mediaId, {
            reconnect: command.reconnect,
            pace: command.pace,
          }),
        );
      // Spread over the period, as a real fleet is never in step.
      tvs.forEach((tv, i) => setTimeout(() => tv.start(), (i * command.spreadMs) / tvs.length));
      return reply({ type: 'done', id: command.id });
    case 'status':
      return reply({ type: 'status', id: command.id, tvs: tvs.map((tv) => tv.status(command.dropsSince)) });
    case 'records':
      return reply({ type: 'records', id: command.id, tvs: tvs.map((tv) => tv.record()) });
    case 'stop-producing':
      tvs.forEach((tv) => tv.stopProducing());
      return reply({ type: 'done', id: command.id });
    case 'stop':
      tvs.forEach((tv) => tv.stop());
      process.exit(0);
  }
});
