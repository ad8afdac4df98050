/**
 * A local server that speaks the OpenAI-compatible Chat Completions protocol
 * (`POST /v1/chat/completions`), scriptable per test. It answers a plain
 * request with one `chat.completion` JSON body and a `"stream": true` request
 * with Server-Sent Events: one `data: {chat.completion.chunk}` line per delta,
 * a finishing chunk, then `data: [DONE]`, as the real API does. It accepts any
 * `response_format` (including `json_schema`) and records it with the request.
 *
 * A script can delay the first token and each later chunk, answer with an HTTP
 * error, or drop the connection mid-stream. Every request is recorded with
 * whether the client went away before the answer was complete, so a test can
 * prove that an abort really closed the upstream connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  /** The assistant message; streamed in `chunks` when given, else in pieces of `chunkChars`. */
  content?: string;
  /** The exact deltas to stream, in order (their concatenation is the answer). */
  chunks?: string[];
  /** Size of the pieces `content` is cut into for streaming; default 8 characters. */
  chunkChars?: number;
  /** Wait before the first token (streaming: after the headers) or before the whole body. */
  delayBeforeFirstTokenMs?: number;
  /** Wait between two streamed chunks. */
  delayBetweenChunksMs?: number;
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  httpError?: { status: number; message?: string };
  /** Destroy the connection after this many content chunks (0: before any token), once the next chunk is due. */
  dropAfterChunks?: number;
}

export type Script = ScriptedReply | ((request: ReceivedChatRequest) => ScriptedReply);

export interface ReceivedChatRequest {
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body: model, messages, stream, response_format... */
  body: ChatCompletionRequestBody;
  /** True once the client closed the connection before the answer was complete. */
  clientDisconnected: boolean;
  /** Resolves when the client closes the connection before the answer was complete. */
  disconnected: Promise<void>;
  /** Content chunks written before the answer ended or the client went away. */
  chunksWritten: number;
  /** True when the script dropped the connection (then it does not count as a client disconnect). */
  droppedByServer: boolean;
}

export interface ChatCompletionRequestBody {
  model: string;
  messages: { role: string; content: unknown }[];
  stream?: boolean;
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown; strict?: boolean } };
  [key: string]: unknown;
}

export interface FakeOpenAiServer {
  /** The base address to configure as LLM_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: ReceivedChatRequest[];
  /** The reply for every later request (a function may vary it per request). */
  respondWith(script: Script): void;
  close(): Promise<void>;
}

const DEFAULT_CHUNK_CHARS = 8;
const COMPLETIONS_PATH = '/v1/chat/completions';

export async function startFakeOpenAi(initial: Script = { content: '' }): Promise<FakeOpenAiServer> {
  let script = initial;
  const requests: ReceivedChatRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  /** A delay that ends early (returning false) when the client goes away. */
  const wait = (ms: number, request: ReceivedChatRequest): Promise<boolean> =>
    new Promise((resolve) => {
      if (request.clientDisconnected) return resolve(false);
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(!request.clientDisconnected);
      }, ms);
      timers.add(timer);
      void request.disconnected.then(() => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      });
    });

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url?.split('?')[0] !== COMPLETIONS_PATH) {
        sendError(res, 404, `Unknown endpoint ${req.method} ${req.url}`);
        return;
      }
      let body: ChatCompletionRequestBody;
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8')) as ChatCompletionRequestBody;
      } catch {
        sendError(res, 400, 'The request body is not JSON.');
        return;
      }
      let markDisconnected!: () => void;
      const request: ReceivedChatRequest = {
        headers: req.headers,
        body,
        clientDisconnected: false,
        disconnected: new Promise<void>((resolve) => (markDisconnected = resolve)),
        chunksWritten: 0,
        droppedByServer: false,
      };
      requests.push(request);
      res.on('close', () => {
        if (res.writableFinished || request.droppedByServer) return;
        request.clientDisconnected = true;
        markDisconnected();
      });
      const reply = typeof script === 'function' ? script(request) : script;
      const answer = body.stream ? streamReply(res, request, reply, wait) : plainReply(res, request, reply, wait);
      answer.catch(() => res.destroy());
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith(next) {
      script = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Wait = (ms: number, request: ReceivedChatRequest) => Promise<boolean>;

async function plainReply(res: http.ServerResponse, request: ReceivedChatRequest, reply: ScriptedReply, wait: Wait): Promise<void> {
  if (!(await wait(reply.delayBeforeFirstTokenMs ?? 0, request))) return;
  if (reply.httpError) return sendError(res, reply.httpError.status, reply.httpError.message);
  if (reply.dropAfterChunks !== undefined) return drop(res, request);
  const content = reply.chunks?.join('') ?? reply.content ?? '';
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: CREATED,
      model: request.body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: usageOf(request, content),
    }),
  );
  request.chunksWritten = 1;
}

async function streamReply(res: http.ServerResponse, request: ReceivedChatRequest, reply: ScriptedReply, wait: Wait): Promise<void> {
  if (reply.httpError) {
    if (!(await wait(reply.delayBeforeFirstTokenMs ?? 0, request))) return;
    return sendError(res, reply.httpError.status, reply.httpError.message);
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  const chunks = reply.chunks ?? splitContent(reply.content ?? '', reply.chunkChars ?? DEFAULT_CHUNK_CHARS);
  const event = (delta: object, finishReason: string | null, extra: object = {}) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: CREATED,
      model: request.body.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
      ...extra,
    })}\n\n`;

  if (!(await wait(reply.delayBeforeFirstTokenMs ?? 0, request))) return;
  res.write(event({ role: 'assistant', content: '' }, null));
  for (const [index, chunk] of chunks.entries()) {
    if (index > 0 && !(await wait(reply.delayBetweenChunksMs ?? 0, request))) return;
    if (reply.dropAfterChunks === index) return drop(res, request);
    const accepted = res.write(event({ content: chunk }, null));
    request.chunksWritten += 1;
    // Like a real server, stop producing while the client is not reading (TCP backpressure).
    if (!accepted && !(await drained(res))) return;
  }
  if (reply.dropAfterChunks !== undefined) return drop(res, request);
  res.write(event({}, 'stop', { usage: usageOf(request, chunks.join('')) }));
  res.end('data: [DONE]\n\n');
}

/** Resolves true once the response can take more, false if the client went away first. */
function drained(res: http.ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const onDrain = () => {
      res.off('close', onClose);
      resolve(true);
    };
    const onClose = () => {
      res.off('drain', onDrain);
      resolve(false);
    };
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}

function drop(res: http.ServerResponse, request: ReceivedChatRequest): void {
  request.droppedByServer = true;
  res.destroy();
}

function sendError(res: http.ServerResponse, status: number, message = 'The fake provider was told to fail.'): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null } }));
}

/** A fixed creation time keeps recorded answers identical between runs. */
const CREATED = 1_700_000_000;

function splitContent(content: string, size: number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < content.length; at += size) chunks.push(content.slice(at, at + size));
  return chunks;
}

/** Rough token counts (about four characters a token); only their presence matters to clients. */
function usageOf(request: ReceivedChatRequest, content: string) {
  const prompt_tokens = Math.ceil(JSON.stringify(request.body.messages).length / 4);
  const completion_tokens = Math.ceil(content.length / 4);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}
