/**
 * The service worker globals the player's worker uses. TypeScript's `webworker` lib cannot be
 * loaded beside `dom` in one program, so the few types needed are declared here.
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
export interface WorkerClient {
  readonly id: string;
  readonly url: string;
  postMessage(message: unknown): void;
}
export interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options?: { includeUncontrolled?: boolean; type?: 'window' | 'all' }): Promise<WorkerClient[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
