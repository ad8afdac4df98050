/**
 * Reads one chat message: which dimensions and functions it names, and which
 * cues it carries. Pure and table-driven; the tables are built once.
 */
import { DIMENSIONS, type DimensionId } from '../../../framework/dimensions.ts';
import { FUNCTION_LABELS, FUNCTIONS, type ProductFunction } from '../../../framework/functions.ts';
import { DIMENSION_SYNONYMS, FUNCTION_SYNONYMS } from '../../../framework/synonyms.ts';
import { CUE_PHRASES, INTENTS, ORDINAL_PHRASES, type Cue, type FollowUp, type Intent } from './intent-cues.ts';
import { normaliseWords, PhraseIndex } from './phrase-matcher.ts';

/** Only the start of a very long message is read: questions are short, and this bounds the work. */
const MAX_ANALYSED_CHARS = 2_000;

type Subject = { dimension: DimensionId } | { function: ProductFunction };

/** Marks where a subject phrase was taken out, so cue phrases cannot span across it. */
const REMOVED = '\u0000';

function subjectEntries(): [string, Subject][] {
  const entries: [string, Subject][] = [];
  for (const dimension of DIMENSIONS) {
    const subject = { dimension: dimension.id };
    entries.push([dimension.name, subject], [dimension.id.replaceAll('_', ' '), subject]);
    for (const synonym of DIMENSION_SYNONYMS[dimension.id]) entries.push([synonym, subject]);
  }
  for (const fn of FUNCTIONS) {
    const subject = { function: fn };
    entries.push([FUNCTION_LABELS[fn], subject], [fn, subject]);
    for (const synonym of FUNCTION_SYNONYMS[fn]) entries.push([synonym, subject]);
  }
  return entries;
}

const subjectIndex = new PhraseIndex(subjectEntries());
const cueIndex = new PhraseIndex(CUE_PHRASES);
const ordinalIndex = new PhraseIndex(ORDINAL_PHRASES);

export interface QuestionAnalysis {
  /** Named dimensions, each once, in the order first mentioned. */
  dimensions: DimensionId[];
  /** Named functions, each once, in the order first mentioned. */
  functions: ProductFunction[];
  /** Summed weight of each intent's cues. */
  intentWeights: Partial<Record<Intent, number>>;
  cues: ReadonlySet<Cue>;
  /** Zero-based position of "the first/second/third one", when the message points into a list. */
  ordinal: number | null;
}

export function analyseQuestion(text: string): QuestionAnalysis {
  const words = normaliseWords(text.slice(0, MAX_ANALYSED_CHARS));
  const dimensions: DimensionId[] = [];
  const functions: ProductFunction[] = [];
  const residual = [...words];
  for (const match of subjectIndex.match(words)) {
    const subject = match.target;
    if ('dimension' in subject) {
      if (!dimensions.includes(subject.dimension)) dimensions.push(subject.dimension);
    } else if (!functions.includes(subject.function)) {
      functions.push(subject.function);
    }
    residual.fill(REMOVED, match.start, match.end);
  }

  const cues = new Set<Cue>();
  const intentWeights: Partial<Record<Intent, number>> = {};
  for (const { target } of cueIndex.match(residual)) {
    cues.add(target.cue);
    if (isIntent(target.cue)) intentWeights[target.cue] = (intentWeights[target.cue] ?? 0) + target.weight;
  }
  const ordinal = ordinalIndex.match(residual)[0]?.target ?? null;
  return { dimensions, functions, intentWeights, cues, ordinal };
}

function isIntent(cue: Cue): cue is Intent {
  return (INTENTS as readonly string[]).includes(cue);
}

/** The strongest intent; ties go to the earlier one in INTENTS (the more specific request). */
export function strongestIntent(analysis: QuestionAnalysis): Intent | null {
  let best: Intent | null = null;
  for (const intent of INTENTS) {
    const weight = analysis.intentWeights[intent] ?? 0;
    if (weight > 0 && (best === null || weight > analysis.intentWeights[best]!)) best = intent;
  }
  return best;
}

/** Which way a follow-up points; "the next one" outranks a plain "more" in "and the next one?". */
const FOLLOW_UP_PRECEDENCE: readonly FollowUp[] = ['next', 'why', 'else', 'more'];

export function followUpOf(analysis: QuestionAnalysis): FollowUp | null {
  return FOLLOW_UP_PRECEDENCE.find((kind) => analysis.cues.has(kind)) ?? null;
}

/** A message that only refers back to the conversation: no subject, no request of its own. */
export function isFollowUp(analysis: QuestionAnalysis): boolean {
  if (analysis.dimensions.length > 0 || analysis.functions.length > 0) return false;
  if (strongestIntent(analysis) !== null) return false;
  return followUpOf(analysis) !== null || analysis.ordinal !== null;
}
