/** Values stated by the interface spec, written out independently of the code under test. */

/** The 24 dimension identifiers spec part 2 gives. */
export const SPEC_DIMENSION_IDS = [
  'market_intelligence',
  'decision_quality',
  'roadmap_discipline',
  'competitive_positioning',
  'research_discovery',
  'prototyping_speed',
  'experience_design',
  'design_dev_handoff',
  'architecture_systems',
  'spec_context_quality',
  'build_vs_buy',
  'delivery_velocity',
  'customer_signal_synthesis',
  'product_analytics',
  'data_strategy_flywheel',
  'feedback_loop_quality',
  'quality_experimentation',
  'team_orchestration',
  'process_iteration',
  'cost_token_economics',
  'positioning_messaging',
  'launch_execution',
  'adoption_expansion',
  'pricing_packaging',
];
