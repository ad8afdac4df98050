import type { FastifyReply } from 'fastify';

/**
 * Runs `onClose` once the response has closed, sent in full or cut short,
 * and at once when it closed before this call (a client that left while the
 * request was still being worked on).
 */
export function whenResponseCloses(reply: FastifyReply, onClose: () => void): void {
  if (reply.raw.closed) onClose();
  else reply.raw.once('close', onClose);
}

/**
 * An AbortSignal that fires when the client goes away before the response is
 * complete, so the work done for it (a crawl, a model call) stops at once.
 */
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  whenResponseCloses(reply, () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('client disconnected'));
  });
  return controller.signal;
}
