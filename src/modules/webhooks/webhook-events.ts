/** The kinds of event an endpoint can subscribe to (issue 15 part 1). */
export const WEBHOOK_EVENT_TYPES = [
  'score.completed',
  'score.linked',
  'plan.changed',
  'usage.threshold',
  'member.added',
  'member.removed',
  'webhook.test',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The score.completed payload: the result's summary and its shareable link (the full result is at GET /api/score/<id>). */
export function scoreCompletedData(
  result: { id: string; url: string; companyName?: string | undefined; totalScore: number; stageName: string; strengths: string[]; gaps: string[]; productId?: string | null | undefined; createdAt: string },
  publicBaseUrl: string,
): Record<string, unknown> {
  return {
    resultId: result.id,
    url: result.url,
    companyName: result.companyName ?? null,
    totalScore: result.totalScore,
    stageName: result.stageName,
    strengths: result.strengths,
    gaps: result.gaps,
    productId: result.productId ?? null,
    createdAt: result.createdAt,
    link: new URL(`/r/${result.id}`, publicBaseUrl).href,
    api: new URL(`/api/score/${result.id}`, publicBaseUrl).href,
  };
}
