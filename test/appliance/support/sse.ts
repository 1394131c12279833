/** Reads a server-sent event stream over real HTTP until it ends, returning its events in order. */
export interface SseEvent {
  event: string;
  data: unknown;
}

export async function readEventStream(
  url: string,
  headers: Record<string, string>,
  timeoutMs = 10_000,
): Promise<{ status: number; contentType: string | null; events: SseEvent[] }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(url, { headers, signal: controller.signal });
    const events: SseEvent[] = [];
    if (!res.body) return { status: res.status, contentType: res.headers.get('content-type'), events };
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let sep: number;
      while ((sep = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, sep);
        buffer = buffer.slice(sep + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
      }
    }
    return { status: res.status, contentType: res.headers.get('content-type'), events };
  } finally {
    clearTimeout(timer);
  }
}
