/** One Server-Sent Event as the wire carries it: its name, its raw data, its id and retry. */
export interface RawEvent {
  event: string;
  data: string;
  id?: string;
  retry?: number;
}

/**
 * Parses a Server-Sent Events body (the WHATWG rules: `field: value` lines, `data` lines joined with a
 * newline, a blank line dispatches, `:` starts a comment), yielding each event as it is complete.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<RawEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event: Partial<RawEvent> & { data?: string } = {};
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          if (event.data !== undefined)
            yield { event: event.event ?? 'message', data: event.data, id: event.id, retry: event.retry };
          event = {};
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') event.data = event.data === undefined ? text : `${event.data}\n${text}`;
        else if (field === 'event') event.event = text;
        else if (field === 'id') event.id = text;
        else if (field === 'retry' && /^\d+$/.test(text)) event.retry = Number(text);
      }
    }
  } finally {
    reader.releaseLock();
  }
}
