import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { ScoringResultSchema, type ScoringResult } from '../../../modules/scoring/result-schema.ts';
import type { ScoringService } from '../../../modules/scoring/scoring-service.ts';
import { resultCard, resultCardFacts } from '../og-card.ts';
import { loadCardFonts, OgCards } from '../og-renderer.ts';
import { matchesEntityTag } from '../../../http/entity-tag.ts';

/** The shared view's policy (GET /api/score/<id>): an erasure removes a result at once, so shared caches keep none of it. */
const RESULT_CARD_CACHE_CONTROL = 'private, max-age=60';
/** The generic card holds nothing of anyone's and changes only with a deployment. */
const GENERIC_CARD_CACHE_CONTROL = 'public, max-age=86400';

/** The 200 schema of GET /api/score/<id>, as the serialiser compiler takes a schema. */
const RESULT_SCHEMA = ScoringResultSchema as unknown as Record<string, unknown>;

const OgQuery = Type.Object({
  id: Type.Optional(Type.String({ format: 'uuid', description: "A result's id: its card. Without it, the service's generic card." })),
});

const PngImage = {
  description:
    'A 1200×630 PNG: the result card (company, total out of 108, tier, date, the six functions; a quick score also "Quick score: N pages read") or the generic card.',
  content: { 'image/png': { schema: Type.String({ contentEncoding: 'binary' }) } },
};

/** No body at all (`send()`, not `send(null)`); `null` in the API document. */
const NotModified = Type.Unsafe<void>({ type: 'null', description: 'Not modified: If-None-Match names the ETag the image was sent with. No body.' });

/**
 * GET /api/og (public): the Open Graph image of a shared result (`?id=`), or
 * the generic card. The result is read as the shared view reads it
 * (ScoringService.sharedResult), so an unknown or erased result is 404 here
 * exactly when it is there; the rendered card is kept under that body's tag
 * (og-renderer.ts). A strong ETag answers a matching If-None-Match with 304.
 */
export function registerGetOgImage(app: App, deps: { scoring: ScoringService }): void {
  // At start, once: fonts come from the installed package, never the network.
  const cards = new OgCards(loadCardFonts());
  app.get(
    '/api/og',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Sharing'],
        summary: 'The Open Graph image of a scoring result, or the generic card',
        querystring: OgQuery,
        response: { 200: PngImage, 304: NotModified, ...errorResponses('INVALID_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const id = request.query.id;
      let card;
      if (id === undefined) {
        card = await cards.generic();
        reply.header('cache-control', GENERIC_CARD_CACHE_CONTROL);
      } else {
        // The same serialiser as GET /api/score/<id>'s 200 (same compiler, same schema): whichever route
        // reads a result first, the shared cache keeps the bytes that route sends.
        const shared = await deps.scoring.sharedResult(id, (result) => reply.serializeInput(result, RESULT_SCHEMA));
        if (!shared) {
          cards.forget(id);
          throw new ApiError('NOT_FOUND', { message: 'No scoring result has this id.' });
        }
        card = await cards.forResult(id, shared.etag, () => resultCard(resultCardFacts(JSON.parse(shared.body.toString('utf8')) as ScoringResult)));
        reply.header('cache-control', RESULT_CARD_CACHE_CONTROL);
      }
      reply.header('etag', card.etag);
      if (matchesEntityTag(request.headers['if-none-match'], card.etag)) return reply.code(304).send();
      // Bytes with their own type skip the serialiser (hence the cast).
      return reply.type('image/png').send(card.png as never);
    },
  );
}
