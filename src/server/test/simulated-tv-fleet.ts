import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TvPace, TvRecord, TvStatus } from './simulated-tv';

/** TVs per simulator process: a process holding thousands of them at the fault tests' pace falls behind. */
const TVS_PER_PROCESS = 750;

type Id = { id: number };
/** The TVs' play records name `mediaId`; each process spreads its TVs' start over `spreadMs`. */
interface FleetOptions {
  mediaId: number;
  reconnect: 'fixed' | 'player';
  pace: TvPace;
  spreadMs: number;
}
type FleetRequest =
  | ({ type: 'start'; baseUrl: string; tokens: string[] } & FleetOptions)
  | { type: 'status'; dropsSince: number }
  | { type: 'records' }
  | { type: 'stop-producing' }
  | { type: 'stop' };
export type FleetCommand = Id & FleetRequest;
export type FleetReply = Id &
  ({ type: 'done' } | { type: 'status'; tvs: TvStatus[] } | { type: 'records'; tvs: TvRecord[] });

/**
 * Simulated TVs (simulated-tv.ts) spread over processes of their own (simulated-tv-process.ts), for
 * the drills at thousands of TVs (docs/scaling.md, "When a process dies"): in the measuring process
 * they shared one event loop, which fell seconds behind on a saturated machine, so their reconnect
 * timers fired late and together. The measuring process asks for their status (numbers per TV, in
 * token order) and, at the end, their records.
 */
export class SimulatedTvFleet {
  private nextId = 0;
  private readonly waiting = new Map<number, (reply: FleetReply) => void>();

  private constructor(private readonly children: ChildProcess[]) {
    for (const child of children)
      child.on('message', (reply: FleetReply) => {
        this.waiting.get(reply.id)?.(reply);
        this.waiting.delete(reply.id);
      });
  }

  /** Starts the TVs of these tokens (each spread over `spreadMs` within its process). */
  static async start(baseUrl: string, tokens: string[], options: FleetOptions): Promise<SimulatedTvFleet> {
    const count = Math.max(1, Math.ceil(tokens.length / TVS_PER_PROCESS));
    const script = fileURLToPath(new URL('./simulated-tv-process.ts', import.meta.url));
    const fleet = new SimulatedTvFleet(
      Array.from({ length: count }, () =>
        fork(script, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit', serialization: 'advanced' }),
      ),
    );
    const share = Math.ceil(tokens.length / count);
    await Promise.all(
      fleet.children.map((child, i) =>
        fleet.ask(child, { type: 'start', baseUrl, tokens: tokens.slice(i * share, (i + 1) * share), ...options }),
      ),
    );
    return fleet;
  }

  private ask(child: ChildProcess, command: FleetRequest): Promise<FleetReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      child.send({ ...command, id });
    });
  }

  private async askAll<T extends FleetReply['type']>(command: FleetRequest) {
    const replies = await Promise.all(this.children.map((child) => this.ask(child, command)));
    return replies as Array<Extract<FleetReply, { type: T }>>;
  }

  /** Every TV's status, in token order; `drop` is its first drop at or after `dropsSince`. */
  async status(dropsSince = Infinity): Promise<TvStatus[]> {
    return (await this.askAll<'status'>({ type: 'status', dropsSince })).flatMap((r) => r.tvs);
  }

  async records(): Promise<TvRecord[]> {
    return (await this.askAll<'records'>({ type: 'records' })).flatMap((r) => r.tvs);
  }

  async stopProducing(): Promise<void> {
    await this.askAll({ type: 'stop-producing' });
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.send({ type: 'stop', id: -1 });
          }),
      ),
    );
  }
}
