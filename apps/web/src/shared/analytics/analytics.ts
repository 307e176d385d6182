import type { PageProperties } from './page-properties';

export type EventProps = Record<string, string | number | boolean | null>;

export interface QueuedEvent {
  event: string;
  time: number;
  props?: EventProps;
}

/** Sends one JSON batch; the default uses sendBeacon and falls back to a keepalive fetch. */
export type BeaconSender = (url: string, json: string) => void;

export interface AnalyticsOptions {
  endpoint: string;
  send?: BeaconSender;
  /** Events held before `ready` (§7: 32). Later ones are dropped so app_launch is never lost. */
  maxQueued?: number;
  /** Events per batch; the beacon endpoint accepts at most 50. */
  maxBatch?: number;
  flushDelayMs?: number;
  now?: () => number;
}

/** Sends a batch with navigator.sendBeacon, or fetch keepalive where beacons are refused. */
export const sendBeacon: BeaconSender = (url, json) => {
  const blob = new Blob([json], { type: 'application/json' });
  if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, blob)) return;
  void fetch(url, {
    method: 'POST',
    body: json,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
  }).catch(() => {
    // Analytics must never surface errors to the visitor.
  });
};

const MAX_PROP_LENGTH = 512;

function cleanProps(props: EventProps | undefined): EventProps | undefined {
  if (!props) return undefined;
  const out: EventProps = {};
  for (const [key, value] of Object.entries(props).slice(0, 40)) {
    out[key.slice(0, 64)] = typeof value === 'string' ? value.slice(0, MAX_PROP_LENGTH) : value;
  }
  return out;
}

/** Client analytics SDK: queues until ready, then batches events with the page properties. */
export class Analytics {
  private readonly endpoint: string;
  private readonly send: BeaconSender;
  private readonly maxQueued: number;
  private readonly maxBatch: number;
  private readonly flushDelayMs: number;
  private readonly now: () => number;
  private page: PageProperties | null = null;
  /** The visitor's sticky A/B plans (§9), sent with every batch so results can be read per plan. */
  private experiments: Record<string, number> = {};
  private buffer: QueuedEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Events dropped because the pre-ready queue was full. */
  dropped = 0;

  constructor(options: AnalyticsOptions) {
    this.endpoint = options.endpoint;
    this.send = options.send ?? sendBeacon;
    this.maxQueued = options.maxQueued ?? 32;
    this.maxBatch = options.maxBatch ?? 50;
    this.flushDelayMs = options.flushDelayMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** True once page properties are known and events are being sent. */
  get isReady(): boolean {
    return this.page !== null;
  }

  /** Events waiting to be sent. */
  get pending(): readonly QueuedEvent[] {
    return this.buffer;
  }

  /** Records an event; before `ready` at most `maxQueued` are kept. */
  track(event: string, props?: EventProps): void {
    if (!this.isReady && this.buffer.length >= this.maxQueued) {
      this.dropped += 1;
      return;
    }
    const cleaned = cleanProps(props);
    this.buffer.push(cleaned ? { event, time: this.now(), props: cleaned } : { event, time: this.now() });
    if (this.isReady) this.schedule();
  }

  /**
   * Records an event whose click leaves the page (a plain link out of the app) and sends it at once:
   * waiting for the batch delay or for `pagehide` raced the navigation and could lose the event.
   */
  trackLeaving(event: string, props?: EventProps): void {
    this.track(event, props);
    this.flush();
  }

  /** Records a single-page-app page view. */
  pageView(path: string): void {
    this.track('page_view', { path });
  }

  /** Sets (or updates, e.g. after sign-in) the page properties and starts sending. */
  ready(page: PageProperties): void {
    this.page = page;
    if (this.buffer.length > 0) this.schedule();
  }

  /** Sets the A/B plans known for this visitor; later batches carry them as `page.ab`. */
  setExperiments(plans: Readonly<Record<string, number>>): void {
    this.experiments = { ...plans };
  }

  /** Sends everything pending now, in batches of at most `maxBatch` events. */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.page) return;
    const page: PageProperties =
      Object.keys(this.experiments).length > 0 ? { ...this.page, ab: this.experiments } : this.page;
    while (this.buffer.length > 0) {
      const events = this.buffer.splice(0, this.maxBatch);
      this.send(this.endpoint, JSON.stringify({ page, events }));
    }
  }

  private schedule(): void {
    if (this.buffer.length >= this.maxBatch) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), this.flushDelayMs);
  }
}
