/** Turns a resolved focus into the answer text, with or without a scoring result. */
import type { DimensionId } from '../../../framework/dimensions.ts';
import { dimensionAnswer, dimensionsSideBySide } from './answers/dimension.ts';
import { dimensionGuidance, frameworkAnswer, needsResultAnswer } from './answers/framework.ts';
import { functionsAnswer } from './answers/functions.ts';
import { gapsAnswer, overviewAnswer, strengthsAnswer } from './answers/lists.ts';
import { planAnswer } from './answers/plan.ts';
import { tierAnswer } from './answers/tier.ts';
import type { Focus } from './conversation.ts';
import type { ResultView } from './result-view.ts';

export function renderFocus(focus: Focus, view: ResultView | null, discussed: readonly DimensionId[]): string {
  if (focus.kind === 'framework') return frameworkAnswer(view, focus.depth);
  if (focus.kind === 'dimension') {
    const score = view?.scoreOf(focus.dimensionId);
    if (!view || !score) return dimensionGuidance(focus.dimensionId, focus.view, focus.depth);
    return dimensionAnswer(view, score, focus.view, focus.depth, discussed);
  }
  if (!view) return needsResultAnswer(focus.kind);
  switch (focus.kind) {
    case 'overview':
      return overviewAnswer(view);
    case 'tier':
      return tierAnswer(view, focus.view);
    case 'gaps':
      return gapsAnswer(view, focus.offset);
    case 'strengths':
      return strengthsAnswer(view, focus.offset);
    case 'dimensions':
      return dimensionsSideBySide(view, focus.dimensionIds);
    case 'plan':
      return planAnswer(view, focus.scope, focus.view);
    case 'functions':
      return functionsAnswer(view, focus.functions, focus.view);
  }
}
