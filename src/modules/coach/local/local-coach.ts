/**
 * The local coach: answers the last user message of a chat from the scoring
 * result (when there is one) and the framework's playbook, with no external
 * service. Pure, synchronous and deterministic: the same conversation and
 * result always give the same answer.
 */
import type { SubmittedResult } from '../../scoring/result-schema.ts';
import { resolveFocus, type ChatMessage } from './conversation.ts';
import { renderFocus } from './render.ts';
import { viewResult } from './result-view.ts';

export type { ChatMessage } from './conversation.ts';
export { chunkForStreaming, DEFAULT_MAX_CHUNK_CHARS } from './chunking.ts';

export interface CoachInput {
  messages: readonly ChatMessage[];
  /** The scoring result the conversation is about; null for general guidance. */
  result: SubmittedResult | null;
}

/** Plain text with light Markdown, a few hundred words at most. */
export function composeCoachAnswer(input: CoachInput): string {
  const view = input.result ? viewResult(input.result) : null;
  const { focus, discussed } = resolveFocus(input.messages, view);
  return renderFocus(focus, view, discussed);
}
