/**
 * GitHub through Octokit: the repositories a connection can choose from, and
 * one repository's delivery and quality signals over the sync period.
 * Best-effort limits: the newest 100 closed pull requests, releases,
 * deployments and incident issues are read (a busier repository is
 * measured on its latest 100), and first reviews on at most 30 pull requests.
 */
import type { Octokit } from '@octokit/rest';
import { hoursBetween, median, perWeek, rounded, within, type Measurement } from './measurements.ts';

const PAGE = 100;
const REVIEWED_PULLS_MAX = 30;
const REVERT_TITLE = /^revert\b/i;
const HOTFIX = /hotfix/i;
const FAILED_DEPLOYMENT_STATES = new Set(['failure', 'error']);

export interface SourceResource {
  id: string;
  name: string;
}

/** Octokit is loaded when a GitHub connection is first used, not at start (issue 29, item 7: the idle service's memory). */
export async function githubClient(apiUrl: string, accessToken: string): Promise<Octokit> {
  const { Octokit } = await import('@octokit/rest');
  return new Octokit({ baseUrl: apiUrl, auth: accessToken, userAgent: 'MaturityScoring-Sources/1' });
}

export async function githubLogin(octokit: Octokit): Promise<string> {
  return (await octokit.rest.users.getAuthenticated()).data.login;
}

export async function githubRepositories(octokit: Octokit): Promise<SourceResource[]> {
  const { data } = await octokit.rest.repos.listForAuthenticatedUser({ per_page: PAGE, sort: 'pushed' });
  return data.map((repo) => ({ id: repo.full_name, name: repo.full_name }));
}

export async function githubMeasurements(octokit: Octokit, fullName: string, period: { start: Date; end: Date }): Promise<Measurement[]> {
  const [owner, repo] = fullName.split('/') as [string, string];
  const base = { scope: fullName, periodStart: period.start, periodEnd: period.end };
  const repoLink = `https://github.com/${fullName}`;
  const measurements: Measurement[] = [];
  const add = (type: string, value: number | null, link: string) => {
    if (value !== null) measurements.push({ ...base, type, value: rounded(value), link });
  };

  const pulls = (await octokit.rest.pulls.list({ owner, repo, state: 'closed', sort: 'updated', direction: 'desc', per_page: PAGE })).data;
  const merged = pulls.filter((pull) => pull.merged_at && within(pull.merged_at, period));
  add('github.pr_cycle_time_hours', median(merged.map((pull) => hoursBetween(pull.created_at, pull.merged_at!))), `${repoLink}/pulls?q=is%3Apr+is%3Amerged`);
  const firstReviews: number[] = [];
  for (const pull of merged.slice(0, REVIEWED_PULLS_MAX)) {
    const reviews = (await octokit.rest.pulls.listReviews({ owner, repo, pull_number: pull.number, per_page: PAGE })).data;
    const first = reviews
      .map((review) => review.submitted_at)
      .filter((at): at is string => Boolean(at))
      .sort()[0];
    if (first) firstReviews.push(hoursBetween(pull.created_at, first));
  }
  add('github.review_turnaround_hours', median(firstReviews), `${repoLink}/pulls`);
  const reverts = merged.filter((pull) => REVERT_TITLE.test(pull.title)).length;

  const releases = (await octokit.rest.repos.listReleases({ owner, repo, per_page: PAGE })).data.filter(
    (release) => !release.draft && within(release.published_at ?? release.created_at, period),
  );
  const hotfixes = releases.filter((release) => HOTFIX.test(`${release.name ?? ''} ${release.tag_name}`)).length;
  const deployments = (await octokit.rest.repos.listDeployments({ owner, repo, environment: 'production', per_page: PAGE })).data.filter((deployment) =>
    within(deployment.created_at, period),
  );
  let failedDeployments = 0;
  for (const deployment of deployments) {
    const latest = (await octokit.rest.repos.listDeploymentStatuses({ owner, repo, deployment_id: deployment.id, per_page: 1 })).data[0];
    if (latest && FAILED_DEPLOYMENT_STATES.has(latest.state)) failedDeployments += 1;
  }
  if (releases.length > 0) add('github.release_frequency_per_week', perWeek(releases.length), `${repoLink}/releases`);
  // Releases stand in for deployments when the repository records none.
  const shipped = deployments.length > 0 ? deployments.length : releases.length;
  if (shipped > 0) {
    add('github.deployment_frequency_per_week', perWeek(shipped), deployments.length > 0 ? `${repoLink}/deployments` : `${repoLink}/releases`);
    add('github.change_failure_rate_percent', Math.min(100, ((reverts + hotfixes + failedDeployments) / shipped) * 100), `${repoLink}/deployments`);
  }
  if (merged.length > 0 || shipped > 0) {
    add('github.reverts', reverts, `${repoLink}/pulls?q=is%3Apr+revert`);
    add('github.hotfix_releases', hotfixes, `${repoLink}/releases`);
    add('github.failed_deployments', failedDeployments, `${repoLink}/deployments`);
  }

  const incidents = (
    await octokit.rest.issues.listForRepo({ owner, repo, labels: 'incident', state: 'closed', since: period.start.toISOString(), per_page: PAGE })
  ).data.filter((issue) => !issue.pull_request && within(issue.closed_at, period));
  add(
    'github.time_to_restore_hours',
    median(incidents.map((issue) => hoursBetween(issue.created_at, issue.closed_at!))),
    `${repoLink}/issues?q=label%3Aincident`,
  );
  return measurements;
}
