/** What the dashboard's pages read: the app pages' common services, and products, scores, usage, peer benchmarks and measured signals. */
import type { UsageReports } from '../../../modules/metering/usage-report.ts';
import type { PeerSource } from '../../components/peer-comparison.ts';
import type { ProductService } from '../../../modules/products/product-service.ts';
import type { ScoringService } from '../../../modules/scoring/scoring-service.ts';
import type { SignalService } from '../../../modules/signals/signal-service.ts';
import type { AppPageDeps } from '../app-visit.ts';
import type { GoalService } from '../../../modules/outcomes/goal-service.ts';
import type { ScheduleService } from '../../../modules/outcomes/schedule-service.ts';
import type { AnomalyService } from '../../../modules/anomalies/anomaly-service.ts';

export interface DashboardDeps extends AppPageDeps {
  scoring: ScoringService;
  products: ProductService;
  usageReports: UsageReports;
  /** The comparison of each product's latest score with its segment's peers (BenchmarkService). */
  benchmarks: PeerSource;
  /** Each product's newest measured signals, from its tools or pushed (issue 27). */
  signals: Pick<SignalService, 'latestForProduct'>;
  /** Each product's goals and rescoring cadence (issue 28). */
  goals: Pick<GoalService, 'list' | 'latestLevel' | 'set' | 'remove' | 'today'>;
  schedules: Pick<ScheduleService, 'get' | 'set'>;
  /** Each product's open anomalies (issue 28). */
  anomalies: Pick<AnomalyService, 'list'>;
}
