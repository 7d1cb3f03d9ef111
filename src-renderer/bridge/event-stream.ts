/**
 * Server-sent events read from a fetch() body. EventSource cannot send headers, and the web
 * mode's token travels only in a header (never in a cookie, which every port on 127.0.0.1 would
 * receive), so the stream is fetched and parsed here instead.
 */

export interface ServerEvent {
  event: string;
  data: string;
}

/** Splits SSE text into events as it arrives; comments and unnamed events are skipped. */
export class EventStreamParser {
  private buffer = '';

  push(text: string): ServerEvent[] {
    this.buffer += text.replace(/\r\n?/g, '\n');
    const events: ServerEvent[] = [];
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = '';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (event && data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  }
}

export interface EventStreamOptions {
  url: string;
  headers: Record<string, string>;
  onEvent(event: ServerEvent): void;
  /** Wait before reconnecting after the stream ends or fails, as EventSource does. */
  retryMs?: number;
}

/** Follows the stream until the returned function is called; a 401/403 ends it for good. */
export function followEventStream(options: EventStreamOptions): () => void {
  const controller = new AbortController();
  let stopped = false;
  const run = async () => {
    while (!stopped) {
      try {
        const response = await fetch(options.url, {
          headers: { accept: 'text/event-stream', ...options.headers },
          signal: controller.signal,
        });
        if (response.status === 401 || response.status === 403) return;
        if (response.ok && response.body) {
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          const parser = new EventStreamParser();
          for (;;) {
            const { value, done } = (await reader.read()) as { value?: Uint8Array; done: boolean };
            if (done) break;
            for (const event of parser.push(decoder.decode(value, { stream: true })))
              options.onEvent(event);
          }
        }
      } catch {
        if (stopped) return;
      }
      await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 1000));
    }
  };
  void run();
  return () => {
    stopped = true;
    controller.abort();
  };
}
