/** The benchmarks API: a score's percentile among its peers, and the peer figures. Gathered for the composition root. */
import type { App } from '../../../http/app-types.ts';
import type { BenchmarkService } from '../benchmark-service.ts';
import { registerGetBenchmarks } from './get-benchmarks.ts';
import { registerGetScorePercentile } from './get-score-percentile.ts';

export function registerBenchmarkRoutes(app: App, deps: { benchmarks: BenchmarkService }): void {
  registerGetScorePercentile(app, deps);
  registerGetBenchmarks(app, deps);
}
