/**
 * The path every scoring endpoint shares: the admission gate (rate limit,
 * then quotas and credits, or the anonymous cap) decided before anything is
 * enqueued; the score, as a job a worker runs while the request waits for it
 * (score-jobs.ts); a refund when it fails or the client leaves.
 * Routes that can stream progress answer a client that accepts
 * text/event-stream with it (score-progress-stream.ts), once admitted: a
 * refusal is still a JSON error, since nothing has been streamed yet.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../../http/app-types.ts';
import { abortOnDisconnect } from '../../../http/client-disconnect.ts';
import { invalidBody } from '../../../http/errors.ts';
import { acceptsEventStream } from '../../../http/sse.ts';
import { clientAddressOf } from '../../limits/client-address.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import { admitOrRefuse } from '../../metering/api/metered-stream.ts';
import type { ScoringResult } from '../result-schema.ts';
import type { ScoreRequest, ScoringService } from '../scoring-service.ts';
import type { ScoreJobs } from '../score-jobs.ts';
import { scoreFailureError } from '../api/score-failure-responses.ts';
import { sendScoreProgressStream, type ProgressStreamTimings } from './score-progress-stream.ts';
import type { Static } from 'typebox';
import { CLAIM_TOKEN_HEADER, type ScoreBody } from '../api/score-schemas.ts';

/**
 * What the three URL-scoring endpoints ask of runScore: the body's address
 * and hints, at a depth. A segment places a full score in the peer
 * benchmarks; a quick score reads a few pages, so it is refused one rather
 * than silently dropped.
 */
export function urlScore(body: Static<typeof ScoreBody>, depth: ScoreRequest['depth']): Omit<ScoreRequest, 'owner' | 'signal'> {
  if (body.segment !== undefined && depth === 'quick') {
    throw invalidBody([
      { field: 'body.segment', message: 'is taken by full scores only (POST /api/score, /api/try-score): peer benchmarks compare full scores' },
    ]);
  }
  return { url: body.url, depth, context: body.context ?? null, companyName: body.companyName ?? null, productId: null, segment: body.segment ?? null };
}

export interface ScoreRouteDeps {
  scoring: ScoringService;
  /** Where a score runs: enqueued for a worker, waited for here. */
  scoreJobs: ScoreJobs;
  admissionGate: AdmissionGate;
  /** Given to the routes that may answer with a progress stream; without it, always JSON. */
  progressStream?: ProgressStreamTimings;
}

/** The URL-scoring routes: they may answer with a progress stream. */
export type StreamingScoreRouteDeps = ScoreRouteDeps & { progressStream: ProgressStreamTimings };

export async function runScore(
  deps: ScoreRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal | null,
  score: Omit<ScoreRequest, 'owner' | 'signal'> & { viaTryEndpoint?: boolean },
): Promise<ScoringResult | FastifyReply> {
  const charge = await admitOrRefuse(deps.admissionGate, reply, {
    action: 'score',
    principal,
    clientAddress: clientAddressOf(request),
    viaTryEndpoint: score.viaTryEndpoint,
  });

  const { viaTryEndpoint: _, ...scoreRequest } = score;
  const owner = principal ? { accountId: principal.accountId, userId: principal.userId } : null;
  // The worker settles the charge by its reservation in the transaction that stores the result: a crash in between gives it back.
  const queued = { ...scoreRequest, owner, reservationId: charge.reservationId };
  if (deps.progressStream && acceptsEventStream(request.headers.accept)) {
    return sendScoreProgressStream(reply, deps.progressStream, charge, (observer) => deps.scoreJobs.run({ ...queued, ...observer }));
  }

  let outcome;
  try {
    outcome = await deps.scoreJobs.run({ ...queued, signal: abortOnDisconnect(reply) });
  } catch (error) {
    await charge.refund();
    throw error;
  }
  // Settled by the worker, or to be refunded below: this instance's lease on it ends either way.
  charge.release();
  if (!outcome.ok) {
    await charge.refund();
    // The client is gone: there is no one to answer, and nothing went wrong on our side to log.
    if (outcome.reason === 'client_gone') return reply.hijack();
    throw scoreFailureError(outcome);
  }
  if (outcome.claimToken) reply.header(CLAIM_TOKEN_HEADER, outcome.claimToken);
  return outcome.result;
}
