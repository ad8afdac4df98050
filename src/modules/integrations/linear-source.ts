/**
 * Linear through @linear/sdk: the teams a connection can choose from (the
 * SDK's own `teams` query), and one team's flow signals over the sync period
 * through the SDK's client with documents of our own, so only the fields
 * read travel. Best-effort limit: the first 250 issues, 50 cycles and 100
 * projects of the period.
 */
import type { LinearClient } from '@linear/sdk';
import type { SourceResource } from './github-source.ts';
import { hoursBetween, median, perWeek, rounded, within, type Measurement } from './measurements.ts';

const BUG_LABEL = /^bug$/i;

/** The SDK is loaded when a Linear connection is first used, not at start: it alone holds about 30 MB (issue 29, item 7). */
export async function linearClient(apiUrl: string, accessToken: string): Promise<LinearClient> {
  const { LinearClient } = await import('@linear/sdk');
  return new LinearClient({ accessToken, apiUrl: `${apiUrl}/graphql` });
}

export async function linearOrganization(client: LinearClient): Promise<string> {
  return (await client.organization).name;
}

export async function linearTeams(client: LinearClient): Promise<SourceResource[]> {
  const teams = await client.teams({ first: 100 });
  return teams.nodes.map((team) => ({ id: team.id, name: `${team.key} ${team.name}` }));
}

const ISSUES = `query SourceIssues($team: ID!, $since: DateTimeOrDuration!) {
  issues(first: 250, filter: { team: { id: { eq: $team } }, completedAt: { gte: $since } }) {
    nodes { id identifier url startedAt completedAt labels { nodes { name } } needs { nodes { id } } }
  }
}`;
const CYCLES = `query SourceCycles($team: ID!, $since: DateTimeOrDuration!) {
  cycles(first: 50, filter: { team: { id: { eq: $team } }, endsAt: { gte: $since } }) {
    nodes { id number endsAt scopeHistory completedScopeHistory }
  }
}`;
const PROJECTS = `query SourceProjects($team: ID!) {
  projects(first: 100, filter: { accessibleTeams: { id: { eq: $team } } }) {
    nodes { id name url targetDate completedAt }
  }
}`;

interface IssueNode {
  url: string;
  startedAt: string | null;
  completedAt: string | null;
  labels: { nodes: { name: string }[] };
  needs: { nodes: { id: string }[] };
}
interface CycleNode {
  endsAt: string;
  scopeHistory: number[];
  completedScopeHistory: number[];
}
interface ProjectNode {
  targetDate: string | null;
  completedAt: string | null;
}

export async function linearMeasurements(client: LinearClient, team: { id: string; name: string }, period: { start: Date; end: Date }): Promise<Measurement[]> {
  const since = period.start.toISOString();
  const base = { scope: team.name, periodStart: period.start, periodEnd: period.end };
  const measurements: Measurement[] = [];
  const add = (type: string, value: number | null, link: string | null) => {
    if (value !== null) measurements.push({ ...base, type, value: rounded(value), link });
  };

  const issues = (
    await client.client.rawRequest<{ issues: { nodes: IssueNode[] } }, Record<string, unknown>>(ISSUES, { team: team.id, since })
  ).data!.issues.nodes.filter((issue) => within(issue.completedAt, period));
  if (issues.length > 0) {
    const link = issues[0]!.url.replace(/\/issue\/.*$/, '');
    add(
      'linear.issue_cycle_time_hours',
      median(issues.filter((issue) => issue.startedAt).map((issue) => hoursBetween(issue.startedAt!, issue.completedAt!))),
      link,
    );
    add('linear.throughput_per_week', perWeek(issues.length), link);
    add(
      'linear.bug_share_percent',
      (issues.filter((issue) => issue.labels.nodes.some((label) => BUG_LABEL.test(label.name))).length / issues.length) * 100,
      link,
    );
    add('linear.customer_request_share_percent', (issues.filter((issue) => issue.needs.nodes.length > 0).length / issues.length) * 100, link);
  }

  const cycles = (
    await client.client.rawRequest<{ cycles: { nodes: CycleNode[] } }, Record<string, unknown>>(CYCLES, { team: team.id, since })
  ).data!.cycles.nodes.filter((cycle) => within(cycle.endsAt, period));
  const planned = cycles.reduce((sum, cycle) => sum + (cycle.scopeHistory.at(-1) ?? 0), 0);
  const completed = cycles.reduce((sum, cycle) => sum + (cycle.completedScopeHistory.at(-1) ?? 0), 0);
  if (planned > 0) add('linear.cycle_completion_percent', (completed / planned) * 100, null);

  const projects = (await client.client.rawRequest<{ projects: { nodes: ProjectNode[] } }, Record<string, unknown>>(PROJECTS, { team: team.id })).data!.projects
    .nodes;
  // A target date is a day: met when the project completed by that day's end (UTC).
  const due = projects.filter((project) => project.targetDate && within(`${project.targetDate}T23:59:59.999Z`, period));
  const met = due.filter(
    (project) => project.completedAt && new Date(project.completedAt).getTime() <= new Date(`${project.targetDate}T23:59:59.999Z`).getTime(),
  );
  if (due.length > 0) add('linear.project_target_met_percent', (met.length / due.length) * 100, null);
  return measurements;
}
