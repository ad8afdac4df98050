/**
 * Follows the conversation. Each user message either sets a new focus (what
 * the answer is about) or, when it only refers back ("tell me more", "why?",
 * "and the next one?"), moves the previous focus deeper or along. Replaying
 * the user turns in order gives the focus for the last one, so a chain of
 * follow-ups keeps going instead of repeating, with no state kept anywhere.
 */
import { DIMENSION_IDS, dimensionById, type DimensionId } from '../../../framework/dimensions.ts';
import { FUNCTIONS, type ProductFunction } from '../../../framework/functions.ts';
import type { FollowUp } from './intent-cues.ts';
import { analyseQuestion, followUpOf, isFollowUp, strongestIntent, type QuestionAnalysis } from './question-analysis.ts';
import { cheapestLevelUps, type ResultView } from './result-view.ts';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** Older turns rarely matter to a follow-up; replaying a bounded tail keeps every answer fast. */
const MAX_REPLAYED_TURNS = 12;

/**
 * How far "tell me more" goes on one dimension: 0 is the next step, 1 goes
 * deeper, 2 sums up and points onwards; one more moves to the next dimension.
 */
export const DEEPEST_ADVICE_DEPTH = 2;

/** How many dimensions a list answer (gaps, strengths, plan) shows at once. */
export const LIST_SIZE = 3;

export type DimensionView = 'advice' | 'evidence' | 'why';
export type TierView = 'summary' | 'functions' | 'distribution' | 'beyond';
export type PlanView = 'plan' | 'detail' | 'why' | 'beyond';
export type FunctionView = 'summary' | 'breakdown' | 'why';
export type PlanScope = { dimension: DimensionId } | { function: ProductFunction } | 'all';

export type Focus =
  | { kind: 'overview' }
  | { kind: 'tier'; view: TierView }
  | { kind: 'gaps'; offset: number }
  | { kind: 'strengths'; offset: number }
  | { kind: 'dimension'; dimensionId: DimensionId; view: DimensionView; depth: number }
  | { kind: 'dimensions'; dimensionIds: DimensionId[] }
  | { kind: 'plan'; scope: PlanScope; view: PlanView }
  | { kind: 'functions'; functions: ProductFunction[]; view: FunctionView }
  | { kind: 'framework'; depth: number };

const TIER_VIEWS: readonly TierView[] = ['summary', 'functions', 'distribution', 'beyond'];

export interface ConversationState {
  focus: Focus;
  /** Dimensions already given their own answer, so "the next one" moves on. */
  discussed: DimensionId[];
  /** Every focus answered so far, so a follow-up never brings an earlier answer back. */
  visited: string[];
}

/**
 * How many times a follow-up may step past answers already given. Every
 * chain of "more" reaches new ground within a few steps (the next gap, the
 * next dimension, the next framework page), so this only bounds the work.
 */
const MAX_SKIPPED_FOCI = 8;

function keyOf(focus: Focus): string {
  return JSON.stringify(focus);
}

/** The focus for the last user message, from the conversation before it. */
export function resolveFocus(messages: readonly ChatMessage[], view: ResultView | null): ConversationState {
  const tail = messages.slice(-2 * MAX_REPLAYED_TURNS);
  let state = null as ConversationState | null;
  for (const [index, message] of tail.entries()) {
    if (message.role !== 'user') continue;
    const analysis = analyseQuestion(message.content);
    if (isFollowUp(analysis)) {
      const previous: ConversationState = state ?? fromAssistantTurn(tail[index - 1], view);
      state = advance(previous, followUpOf(analysis), analysis.ordinal, view);
    } else {
      const focus = focusFor(analysis, view);
      state = {
        focus,
        discussed: [...(state?.discussed ?? []), ...dimensionsOf(focus)],
        visited: [...(state?.visited ?? []), keyOf(focus)],
      };
    }
  }
  return state ?? { focus: { kind: 'overview' }, discussed: [], visited: [] };
}

/** A new question's own focus. */
function focusFor(analysis: QuestionAnalysis, view: ResultView | null): Focus {
  const intent = strongestIntent(analysis);
  const [dimension] = analysis.dimensions;
  if (dimension) {
    if (analysis.dimensions.length > 1 && intent === 'compare') return { kind: 'dimensions', dimensionIds: analysis.dimensions };
    if (intent === 'plan') return { kind: 'plan', scope: { dimension }, view: 'plan' };
    if (analysis.cues.has('importance')) return { kind: 'dimension', dimensionId: dimension, view: 'why', depth: 0 };
    if (intent === 'evidence' || analysis.cues.has('why')) return { kind: 'dimension', dimensionId: dimension, view: 'evidence', depth: 0 };
    return { kind: 'dimension', dimensionId: dimension, view: 'advice', depth: 0 };
  }
  const [fn] = analysis.functions;
  if (fn) {
    if (intent === 'plan') return { kind: 'plan', scope: { function: fn }, view: 'plan' };
    return { kind: 'functions', functions: analysis.functions, view: analysis.cues.has('why') ? 'why' : 'summary' };
  }
  switch (intent) {
    case 'plan':
      return { kind: 'plan', scope: 'all', view: 'plan' };
    case 'compare':
    case 'functions':
      return { kind: 'functions', functions: [...FUNCTIONS], view: 'summary' };
    case 'evidence':
      return { kind: 'gaps', offset: 0 };
    case 'tier':
      return { kind: 'tier', view: analysis.cues.has('why') ? 'distribution' : 'summary' };
    case 'gaps':
      return { kind: 'gaps', offset: 0 };
    case 'strengths':
      return { kind: 'strengths', offset: 0 };
    case 'framework':
      return { kind: 'framework', depth: 0 };
    case null:
      return view ? { kind: 'overview' } : { kind: 'framework', depth: 0 };
  }
}

/**
 * A follow-up with no earlier user question (the assistant spoke first):
 * continue from the first dimension the assistant's last turn named, as if
 * its level had been stated, so "tell me more" brings the advice.
 */
function fromAssistantTurn(message: ChatMessage | undefined, view: ResultView | null): ConversationState {
  if (message?.role === 'assistant') {
    const [dimension] = analyseQuestion(message.content).dimensions;
    if (dimension) {
      const focus = adviceOn(dimension, 'evidence');
      return { focus, discussed: [dimension], visited: [keyOf(focus)] };
    }
  }
  const focus: Focus = view ? { kind: 'overview' } : { kind: 'framework', depth: 0 };
  return { focus, discussed: [], visited: [keyOf(focus)] };
}

function dimensionsOf(focus: Focus): DimensionId[] {
  if (focus.kind === 'dimension') return [focus.dimensionId];
  if (focus.kind === 'dimensions') return focus.dimensionIds;
  if (focus.kind === 'plan' && typeof focus.scope === 'object' && 'dimension' in focus.scope) return [focus.scope.dimension];
  return [];
}

function advance(state: ConversationState, kind: FollowUp | null, ordinal: number | null, view: ResultView | null): ConversationState {
  let focus = nextFocus(state, kind ?? 'more', ordinal, view);
  for (let skipped = 0; skipped < MAX_SKIPPED_FOCI && state.visited.includes(keyOf(focus)); skipped++) {
    focus = nextFocus({ ...state, focus }, 'more', null, view);
  }
  const discussed = [...state.discussed];
  for (const id of dimensionsOf(focus)) if (!discussed.includes(id)) discussed.push(id);
  return { focus, discussed, visited: [...state.visited, keyOf(focus)] };
}

/** Dimensions in the order "the next one" walks them: weakest first with a result, framework order without. */
function walkOrder(view: ResultView | null): DimensionId[] {
  return view ? view.weakest.map((s) => s.dimensionId) : [...DIMENSION_IDS];
}

function adviceOn(dimensionId: DimensionId, view: DimensionView = 'advice'): Focus {
  return { kind: 'dimension', dimensionId, view, depth: 0 };
}

function nextUndiscussed(state: ConversationState, view: ResultView | null): Focus {
  const order = walkOrder(view);
  const current = state.focus.kind === 'dimension' ? order.indexOf(state.focus.dimensionId) : -1;
  const after = [...order.slice(current + 1), ...order.slice(0, current + 1)];
  const next = after.find((id) => !state.discussed.includes(id)) ?? after[0]!;
  return adviceOn(next);
}

/** The list a gaps, strengths or plan answer showed, so "the second one" can point into it. */
function listedDimensions(focus: Focus, view: ResultView | null): DimensionId[] {
  if (!view) return [];
  if (focus.kind === 'gaps') return view.weakest.slice(focus.offset, focus.offset + LIST_SIZE).map((s) => s.dimensionId);
  if (focus.kind === 'strengths') return view.strongest.slice(focus.offset, focus.offset + LIST_SIZE).map((s) => s.dimensionId);
  if (focus.kind === 'overview') return view.weakest.slice(0, LIST_SIZE).map((s) => s.dimensionId);
  if (focus.kind === 'plan')
    return cheapestLevelUps(view, scopeDimensions(focus.scope))
      .slice(0, LIST_SIZE)
      .map((s) => s.dimensionId);
  if (focus.kind === 'dimensions') return focus.dimensionIds;
  return [];
}

/** The dimensions a plan covers. */
export function scopeDimensions(scope: PlanScope): DimensionId[] {
  if (scope === 'all') return [...DIMENSION_IDS];
  if ('dimension' in scope) return [scope.dimension];
  return DIMENSION_IDS.filter((id) => dimensionById(id).function === scope.function);
}

function nextFocus(state: ConversationState, kind: FollowUp, ordinal: number | null, view: ResultView | null): Focus {
  const { focus } = state;
  // Without a result only the framework can go deeper; the answer that asked for a result is not repeated.
  if (!view && focus.kind !== 'dimension' && focus.kind !== 'framework') return { kind: 'framework', depth: 1 };
  if (ordinal !== null) {
    const listed = listedDimensions(focus, view)[ordinal];
    if (listed) return adviceOn(listed);
  }
  switch (focus.kind) {
    case 'overview': {
      const [first] = listedDimensions(focus, view);
      if (kind === 'next' || kind === 'else') return { kind: 'gaps', offset: LIST_SIZE };
      if (kind === 'why') return { kind: 'gaps', offset: 0 };
      return first ? adviceOn(first) : { kind: 'framework', depth: 1 };
    }
    case 'tier': {
      const wanted: TierView | undefined = kind === 'why' ? 'distribution' : kind === 'next' ? 'beyond' : TIER_VIEWS[TIER_VIEWS.indexOf(focus.view) + 1];
      return wanted && wanted !== focus.view ? { kind: 'tier', view: wanted } : { kind: 'gaps', offset: 0 };
    }
    case 'gaps':
    case 'strengths': {
      const [first] = listedDimensions(focus, view);
      if (kind === 'next' || kind === 'else') return { kind: focus.kind, offset: focus.offset + LIST_SIZE };
      if (!first) return { kind: focus.kind, offset: 0 };
      return adviceOn(first, kind === 'why' ? 'evidence' : 'advice');
    }
    case 'dimension': {
      if (kind === 'next') return nextUndiscussed(state, view);
      if (kind === 'why') return adviceOn(focus.dimensionId, focus.view === 'why' ? 'evidence' : 'why');
      if (focus.view !== 'advice') return adviceOn(focus.dimensionId);
      if (focus.depth >= DEEPEST_ADVICE_DEPTH) return nextUndiscussed(state, view);
      return { ...focus, depth: focus.depth + 1 };
    }
    case 'dimensions': {
      if (kind === 'next') return nextUndiscussed(state, view);
      const weakest = walkOrder(view).find((id) => focus.dimensionIds.includes(id)) ?? focus.dimensionIds[0]!;
      return adviceOn(weakest, kind === 'why' ? 'evidence' : 'advice');
    }
    case 'plan': {
      if (kind === 'why' && focus.view !== 'why') return { ...focus, view: 'why' };
      if (typeof focus.scope === 'object' && 'dimension' in focus.scope) {
        // A one-dimension plan goes on into the dimension's deeper advice.
        if (focus.view === 'plan' && kind === 'more') return { ...focus, view: 'detail' };
        return { kind: 'dimension', dimensionId: focus.scope.dimension, view: 'advice', depth: 1 };
      }
      if (focus.view === 'plan' && kind === 'more') return { ...focus, view: 'detail' };
      if (focus.view !== 'beyond') return { ...focus, view: 'beyond' };
      const [first] = listedDimensions(focus, view);
      return first ? adviceOn(first) : { kind: 'gaps', offset: 0 };
    }
    case 'functions': {
      const views: readonly FunctionView[] = ['summary', 'breakdown', 'why'];
      const wanted: FunctionView | undefined = kind === 'why' ? 'why' : views[views.indexOf(focus.view) + 1];
      if (kind !== 'next' && wanted && wanted !== focus.view) return { ...focus, view: wanted };
      if (focus.functions.length < FUNCTIONS.length) return { kind: 'functions', functions: [...FUNCTIONS], view: 'summary' };
      const inFocus = DIMENSION_IDS.filter((id) => focus.functions.includes(dimensionById(id).function));
      const weakest = walkOrder(view).find((id) => inFocus.includes(id));
      return weakest ? adviceOn(weakest) : { kind: 'gaps', offset: 0 };
    }
    case 'framework':
      return { kind: 'framework', depth: focus.depth + 1 };
  }
}
