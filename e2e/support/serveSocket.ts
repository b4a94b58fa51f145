import { WebSocket } from 'ws';
import type { ServerMessage } from '../../src-shared/ipc/wire';

type Reply = Extract<ServerMessage, { type: 'reply' }>['reply'];
type Event = Extract<ServerMessage, { type: 'event' }>;

/** A contract client on `caduceus serve`'s WebSocket, as the page's transport speaks it. */
export class ServeSocket {
  readonly events: Event[] = [];
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private readonly watchers = new Set<() => void>();
  private nextId = 1;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('error', () => undefined);
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      if (message.type === 'reply') this.waiting.get(message.id)?.(message.reply);
      else this.events.push(message);
      for (const watcher of this.watchers) watcher();
    });
  }

  /** Opens an authenticated socket for the page URL that serve printed. */
  static open(pageUrl: string): Promise<ServeSocket> {
    const page = new URL(pageUrl);
    const ws = new WebSocket(`ws://${page.host}/ws?token=${page.searchParams.get('token') ?? ''}`, {
      headers: { origin: page.origin },
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new ServeSocket(ws)));
      ws.once('error', reject);
    });
  }

  request(name: string, payload: unknown = {}): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ type: 'request', id, name, payload }));
    });
  }

  notify(name: string, payload: unknown): void {
    this.ws.send(JSON.stringify({ type: 'request', name, payload }));
  }

  /** Output received so far on one stream. */
  output(streamId: string): string {
    let text = '';
    for (const event of this.events) {
      const payload = event.payload as { streamId?: string; data?: string };
      if (event.name === 'terminal.data' && payload.streamId === streamId) text += payload.data ?? '';
    }
    return text;
  }

  /** The stream of an agent's tool call, once its output arrived. */
  streamOf(toolCallId: string): string | undefined {
    const event = this.events.find(
      (e) => e.name === 'terminal.data' && (e.payload as { toolCallId?: string }).toolCallId === toolCallId,
    );
    return (event?.payload as { streamId?: string } | undefined)?.streamId;
  }

  /** Resolves once `check` holds after some message arrived (or already holds). */
  until(check: () => boolean): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve) => {
      const watcher = () => {
        if (!check()) return;
        this.watchers.delete(watcher);
        resolve();
      };
      this.watchers.add(watcher);
    });
  }

  /** Acknowledges every terminal chunk as it arrives, like a page that keeps up. */
  ackEverything(): void {
    const ack = (event: Event) => {
      const payload = event.payload as { streamId: string; data: string };
      if (event.name === 'terminal.data')
        this.notify('terminal.ack', { streamId: payload.streamId, chars: payload.data.length });
    };
    this.events.forEach(ack);
    this.ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      if (message.type === 'event') ack(message);
    });
  }

  async close(): Promise<void> {
    this.ws.close();
    await this.closed;
  }
}
