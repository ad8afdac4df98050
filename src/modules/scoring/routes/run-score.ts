/**
 * The path every scoring endpoint shares: the admission gate (rate limit,
 * then quotas and credits, or the anonymous cap) decided before any crawl
 * slot is awaited; the score; a refund when it fails or the client leaves.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../../http/app-types.ts';
import { abortOnDisconnect } from '../../../http/client-disconnect.ts';
import type { MeteringService } from '../../metering/metering-service.ts';
import type { ScoringResult } from '../result-schema.ts';
import type { ScoreRequest, ScoringService } from '../scoring-service.ts';
import { CLAIM_TOKEN_HEADER } from './score-schemas.ts';

export interface ScoreRouteDeps {
  scoring: ScoringService;
  metering: MeteringService;
}

export async function runScore(
  deps: ScoreRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal | null,
  score: Omit<ScoreRequest, 'owner' | 'signal'> & { viaTryEndpoint?: boolean },
): Promise<ScoringResult | FastifyReply> {
  const admission = await deps.metering.admit({
    action: 'score',
    principal,
    clientAddress: deps.metering.clientAddressOf(request),
    viaTryEndpoint: score.viaTryEndpoint,
  });
  if (!admission.ok) throw admission.error;
  reply.headers(admission.headers);

  let outcome;
  try {
    const { viaTryEndpoint: _, ...scoreRequest } = score;
    outcome = await deps.scoring.score({
      ...scoreRequest,
      owner: principal ? { accountId: principal.accountId, userId: principal.userId } : null,
      signal: abortOnDisconnect(reply),
    });
  } catch (error) {
    await admission.charge.refund();
    throw error;
  }
  if (!outcome.ok) {
    await admission.charge.refund();
    // The client is gone: there is no one to answer, and nothing went wrong on our side to log.
    if ('clientGone' in outcome) return reply.hijack();
    throw outcome.error;
  }
  if (outcome.claimToken) reply.header(CLAIM_TOKEN_HEADER, outcome.claimToken);
  return outcome.result;
}
