import WebSocket from 'ws';

/**
 * A bare graphql-transport-ws socket, to see what a client sees: the close code and reason, and
 * each message. `init` sends connection_init with these params (omit to send none).
 */
export class RawSocket {
  readonly messages: any[] = [];
  closed: { code: number; reason: string } | null = null;
  private readonly socket: WebSocket;
  private readonly opened: Promise<void>;

  constructor(url: string, opts: { localAddress?: string; headers?: Record<string, string> } = {}) {
    this.socket = new WebSocket(url.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws', { localAddress: opts.localAddress, headers: opts.headers });
    this.socket.on('message', (data) => this.messages.push(JSON.parse(String(data))));
    this.socket.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }));
    this.socket.on('error', () => {});
    this.opened = new Promise((resolve) => {
      this.socket.once('open', () => resolve());
      this.socket.once('close', () => resolve());
    });
  }

  /** Sends connection_init and waits for the ack (true) or a close (false). */
  async init(payload: Record<string, unknown> = {}): Promise<boolean> {
    await this.opened;
    if (this.closed) return false;
    this.send({ type: 'connection_init', payload });
    await this.until(() => this.messages.some((m) => m.type === 'connection_ack'));
    return !this.closed && this.messages.some((m) => m.type === 'connection_ack');
  }

  subscribe(id: string, query: string, variables: Record<string, unknown> = {}): void {
    this.send({ id, type: 'subscribe', payload: { query, variables } });
  }

  send(message: unknown): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Resolves when `done()` holds or the socket closed (at most `ms`). */
  async until(done: () => boolean, ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done() && !this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  async waitClosed(ms = 5000): Promise<{ code: number; reason: string } | null> {
    await this.until(() => false, ms);
    return this.closed;
  }

  close(): void {
    this.socket.close();
  }
}
