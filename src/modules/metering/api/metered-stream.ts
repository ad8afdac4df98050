/**
 * What every metered Server-Sent Events answer shares (the coach's chat, a
 * score's progress): admission before anything is streamed (a refusal is
 * still a JSON error, since no byte has gone out), the rate-limit headers,
 * the stream's frame (an opening comment that sends the headers at once,
 * heartbeats in silences, [DONE] at the end), the stall guard, and giving
 * the charge back when the response closes having delivered nothing.
 *
 * Here, in the metering module's api/ folder, because it speaks HTTP for
 * metering's charge to other modules' routes (coach, scoring); src/http/
 * below it knows no module.
 */
import type { FastifyReply } from 'fastify';
import { whenResponseCloses } from '../../../http/client-disconnect.ts';
import { destroyWhenStalled, DONE_EVENT, eventStream, HEARTBEAT, HEARTBEAT_DUE, SSE_HEADERS, STREAM_OPEN, withHeartbeat } from '../../../http/sse.ts';
import type { AdmissionGate, AdmissionRequest, Charge } from '../admission-gate.ts';
import { rateLimitHeaders, refusalError } from './refusal-responses.ts';

export interface StreamTimings {
  /** Silence after which a heartbeat comment goes out (SSE_HEARTBEAT_MS). */
  heartbeatMs: number;
  /** How long the stream may wait for its client to read before it is closed (SSE_STALL_TIMEOUT_MS). */
  stallTimeoutMs: number;
}

/**
 * Admits the request through the gate, or throws the refusal as its JSON
 * error; once admitted, the reply carries where the caller stands
 * (RateLimit headers) whichever way it then answers.
 */
export async function admitOrRefuse(gate: AdmissionGate, reply: FastifyReply, request: AdmissionRequest): Promise<Charge> {
  const admission = await gate.admit(request);
  if (!admission.ok) throw refusalError(admission);
  reply.headers(rateLimitHeaders(admission.rateLimit));
  return admission.charge;
}

export interface MeteredStream {
  /** The events between the opening comment and [DONE]; heartbeats fill their silences. */
  events: AsyncIterator<string>;
  /**
   * Asked once the response has closed, however it closed (a client that
   * left before the first byte included, when none of `events` ran): true
   * when nothing the charge paid for was delivered, and the charge is given
   * back. A score answers false: its charge is given back by its outcome,
   * and stands with its stored result.
   */
  unused: () => boolean;
}

/** Answers with the stream, the charge taken (admitOrRefuse). */
export function sendMeteredStream(reply: FastifyReply, timings: StreamTimings, charge: Charge, stream: MeteredStream): FastifyReply {
  // On the response's end, not in the generator: a stream destroyed before its first pull never runs any of its code.
  whenResponseCloses(reply, () => {
    if (stream.unused()) charge.refund().catch((error: unknown) => reply.log.error({ err: error }, 'refund of a metered stream failed'));
  });
  destroyWhenStalled(reply.raw, timings.stallTimeoutMs);

  async function* framed(): AsyncGenerator<string> {
    // Sends the headers now: the client knows at once that its request was admitted and has started.
    yield STREAM_OPEN;
    for await (const event of withHeartbeat(stream.events, timings.heartbeatMs)) {
      yield event === HEARTBEAT_DUE ? HEARTBEAT : event;
    }
    yield DONE_EVENT;
  }

  reply.headers(SSE_HEADERS);
  // A byte stream, not the route's documented body: Fastify pipes it as it is pulled.
  return reply.send(eventStream(framed()) as never);
}
