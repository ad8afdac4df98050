/**
 * A score's progress as Server-Sent Events, for the URL-scoring endpoints
 * when the client asks for `text/event-stream`: named `progress` events
 * while the score runs, then one `result` or `error` event, then [DONE].
 *
 * The score runs on its own, not inside the stream's generator: a stream
 * destroyed before its first pull never runs any of the generator's code,
 * and the refund must not depend on it. The generator only reports what the
 * score has done; the client's leaving aborts the score (abortOnDisconnect),
 * whose outcome refunds the charge as the JSON path does.
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { abortOnDisconnect } from '../../../http/client-disconnect.ts';
import { ApiError } from '../../../http/errors.ts';
import { namedEvent, namedEventOfJson } from '../../../http/sse.ts';
import type { Charge } from '../../metering/admission-gate.ts';
import { sendMeteredStream, type StreamTimings } from '../../metering/api/metered-stream.ts';
import type { ScoreOutcome, ScoreProgress } from '../scoring-service.ts';
import { scoreFailureError } from '../api/score-failure-responses.ts';

/**
 * At most one progress event per this many milliseconds while the stage
 * stays the same: a crawl can read pages far faster than a display needs
 * to redraw, and every event costs a write.
 */
export const PROGRESS_COALESCE_MS = 100;

export type ProgressStreamTimings = StreamTimings;

/** The score to stream: run once, told where to report progress and when the client has gone. */
export type ObservedScore = (observer: { onProgress: (progress: ScoreProgress) => void; signal: AbortSignal }) => Promise<ScoreOutcome>;

/**
 * Answers with the score's progress stream. Admission is done
 * (admitOrRefuse): the charge is taken and the rate-limit headers are set
 * on `reply`.
 */
export function sendScoreProgressStream(reply: FastifyReply, timings: ProgressStreamTimings, charge: Charge, run: ObservedScore): FastifyReply {
  const feed = new ProgressFeed();
  const outcome = run({ onProgress: (progress) => feed.push(progress), signal: abortOnDisconnect(reply) });
  const ending = endingEvent(outcome, charge, reply);
  // Never given back when the response closes: the score's outcome does that (endingEvent), and a stored result keeps it.
  return sendMeteredStream(reply, timings, charge, { events: progressThenEnding(feed, ending), unused: () => false });
}

/**
 * The progress not yet sent: one state per stage, in order, each the latest
 * of its stage. A stage's last state is kept until sent even when the next
 * stage begins, so the final counts of the crawl always reach the client.
 */
class ProgressFeed {
  #unsent: ScoreProgress[] = [];
  #wake: (() => void) | null = null;

  push(progress: ScoreProgress): void {
    const last = this.#unsent.at(-1);
    if (last?.stage === progress.stage) this.#unsent[this.#unsent.length - 1] = progress;
    else this.#unsent.push(progress);
    this.#wake?.();
    this.#wake = null;
  }

  get unsent(): readonly ScoreProgress[] {
    return this.#unsent;
  }

  take(): ScoreProgress[] {
    const taken = this.#unsent;
    this.#unsent = [];
    return taken;
  }

  /** Resolves at the next push. */
  nextPush(): Promise<void> {
    return new Promise((resolve) => (this.#wake = resolve));
  }
}

/**
 * Progress events, coalesced, then the ending event (none when the client
 * has gone). A new stage is sent at once; more of the same stage waits until
 * PROGRESS_COALESCE_MS have passed since the last event, and then goes out
 * as the latest state; what is unsent when the score ends goes out before
 * the ending.
 */
async function* progressThenEnding(feed: ProgressFeed, ending: Promise<string | null>): AsyncGenerator<string> {
  // Set when the score has ended (a holder, since a callback sets it).
  const end: { event: string | null; ended: boolean } = { event: null, ended: false };
  const settled = ending.then((event) => {
    end.event = event;
    end.ended = true;
  });
  let lastSent: { stage: ScoreProgress['stage']; at: number } | null = null;
  for (;;) {
    const unsent = feed.unsent;
    if (unsent.length > 0) {
      const onlySameStage = unsent.length === 1 && unsent[0]!.stage === lastSent?.stage;
      const waitMs = onlySameStage && !end.ended ? lastSent!.at + PROGRESS_COALESCE_MS - performance.now() : 0;
      if (waitMs > 0) {
        await Promise.race([delay(waitMs), settled]);
        continue;
      }
      const states = feed.take();
      lastSent = { stage: states.at(-1)!.stage, at: performance.now() };
      // Written together: one write for a stage's end and the next stage's start.
      yield states.map((state) => namedEvent('progress', state)).join('');
      continue;
    }
    if (end.ended) break;
    await Promise.race([feed.nextPush(), settled]);
  }
  if (end.event !== null) yield end.event;
}

/**
 * The score's outcome as the event that ends the stream, after refunding
 * whatever failed, exactly as the JSON path does; null when the client has
 * gone (nobody to tell). Never rejects: a failure of ours is logged and sent
 * as INTERNAL_ERROR, with the catalogue's message only.
 */
async function endingEvent(outcome: Promise<ScoreOutcome>, charge: Charge, reply: FastifyReply): Promise<string | null> {
  const log = reply.log;
  let settled: ScoreOutcome;
  try {
    settled = await outcome;
  } catch (error) {
    log.error({ err: error }, 'streamed score failed');
    await refund(charge, log);
    return errorEvent(new ApiError('INTERNAL_ERROR'));
  }
  if (!settled.ok) {
    await refund(charge, log);
    if (settled.reason === 'client_gone') return null;
    return errorEvent(scoreFailureError(settled));
  }
  // Settled by the worker: this instance no longer renews its lease.
  charge.release();
  // The result exactly as the JSON answer serialises it (the route's application/json schema).
  const result = reply.serializeInput(settled.result, '200', 'application/json') as string;
  const claimToken = settled.claimToken === null ? '' : `,"claimToken":${JSON.stringify(settled.claimToken)}`;
  return namedEventOfJson('result', `{"result":${result}${claimToken}}`);
}

function errorEvent(error: ApiError): string {
  return namedEvent('error', { code: error.code, message: error.message, status: error.status });
}

async function refund(charge: Charge, log: FastifyBaseLogger): Promise<void> {
  try {
    await charge.refund();
  } catch (error) {
    log.error({ err: error }, 'streamed score refund failed');
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
