/** Reads a Server-Sent Events response over real HTTP with a real SSE parser. */
import { createParser } from 'eventsource-parser';

export interface SseTranscript {
  status: number;
  headers: Headers;
  /** Every event's data, in order (including the final '[DONE]'). */
  data: string[];
  /** Every event with its name (the `event:` line; undefined when it has none), in order. */
  events: { event: string | undefined; data: string }[];
  comments: string[];
  /** The concatenated `content` of the JSON events. */
  text: string;
  /** Raw body for non-streaming (error) answers. */
  body: string;
}

export interface SseOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called for each event as it arrives; return false to stop reading (and abort). */
  onData?(data: string, index: number): boolean | void;
}

export async function postSse(url: string, payload: unknown, options: SseOptions = {}): Promise<SseTranscript> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(payload),
    signal: options.signal,
  });
  return readSse(response, options);
}

/** Reads a fetched response to its end, or until `onData` says stop (then the connection is dropped). */
export async function readSse(response: Response, options: Pick<SseOptions, 'signal' | 'onData'> = {}): Promise<SseTranscript> {
  const transcript: SseTranscript = { status: response.status, headers: response.headers, data: [], events: [], comments: [], text: '', body: '' };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    transcript.body = await response.text();
    return transcript;
  }
  let stop = false;
  const parser = createParser({
    onEvent: (event) => {
      transcript.data.push(event.data);
      transcript.events.push({ event: event.event, data: event.data });
      if (event.data !== '[DONE]') {
        const parsed = JSON.parse(event.data) as { content: string };
        transcript.text += parsed.content;
      }
      if (options.onData?.(event.data, transcript.data.length - 1) === false) stop = true;
    },
    onComment: (comment) => transcript.comments.push(comment),
  });
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (stop) {
        await reader.cancel();
        break;
      }
    }
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
  return transcript;
}
