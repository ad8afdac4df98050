/** The six product functions, in the order the framework presents them. */
export const FUNCTIONS = ['strategy', 'design', 'development', 'intelligence', 'operations', 'gtm'] as const;
export type ProductFunction = (typeof FUNCTIONS)[number];

export const FUNCTION_LABELS: Record<ProductFunction, string> = {
  strategy: 'Strategy',
  design: 'Design',
  development: 'Development',
  intelligence: 'Intelligence',
  operations: 'Operations',
  gtm: 'Go-to-market',
};

/** The six lifecycle stages of the spec's metadata record (part 2). */
export const LIFECYCLE_STAGES = ['specify', 'context', 'orchestrate', 'validate', 'ship', 'compound'] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];
