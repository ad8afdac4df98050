import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { errorResponses } from '../../../http/errors.ts';
import { buildAssessmentMetadata, metadataEtag } from '../assessment-metadata.ts';
import { matchesEntityTag } from '../../../http/entity-tag.ts';

const MetadataSchema = Type.Object({
  frameworkVersion: Type.String(),
  dimensions: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), function: Type.String() })),
  functions: Type.Array(Type.String()),
  lifecycleStages: Type.Array(Type.String()),
  segments: Type.Array(Type.Object({ key: Type.String(), label: Type.String() })),
  signalTypes: Type.Array(Type.String()),
  measuredSignalTypes: Type.Array(
    Type.Object({
      type: Type.String(),
      unit: Type.String(),
      description: Type.String(),
      minimum: Type.Number(),
      maximum: Type.Number(),
      dimension: Type.Union([Type.String(), Type.Null()]),
      levelBands: Type.Union([
        Type.Object({ better: Type.String(), bounds: Type.Array(Type.Number(), { description: 'Bounds of levels 4, 3 and 2' }), source: Type.String() }),
        Type.Null(),
      ]),
    }),
    { description: 'Units and meanings of the measured signal types (GitHub, Linear), pushed or synced' },
  ),
  tierBands: Type.Array(Type.Object({ stageName: Type.String(), minTotal: Type.Integer(), maxTotal: Type.Integer() })),
});

/** GET /api/assessment/metadata (spec parts 2, 4 and 9). */
export function registerGetAssessmentMetadata(app: App): void {
  const metadata = buildAssessmentMetadata();
  const etag = metadataEtag(metadata);
  app.get(
    '/api/assessment/metadata',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Assessment'],
        summary: 'Dimensions, functions, lifecycle stages, segments, signal types and tier bands of the framework',
        response: { 200: MetadataSchema, 304: Type.Null(), ...errorResponses('AUTH_REQUIRED', 'INTERNAL_ERROR') },
      },
    },
    async (request, reply) => {
      // Private: only authenticated callers may see it, so shared caches must not keep it.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (matchesEntityTag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return metadata;
    },
  );
}
