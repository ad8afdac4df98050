/**
 * A move's issue created at the provider exactly once, even when the job is
 * retried after the provider created it and before we recorded it:
 *
 * - Linear takes a client-chosen UUID as the issue's id, so the move's own id
 *   is the issue's; a retry asks for `issue(id:)` first and records it when
 *   it is there (a second `issueCreate` with that id would be refused anyway).
 * - GitHub chooses the number, so the body ends with a hidden marker naming
 *   the move; a retry looks for it among the repository's newest open issues
 *   before creating.
 */
import type { LinearClient } from '@linear/sdk';
import type { Octokit } from '@octokit/rest';

export interface CreatedIssue {
  externalId: string;
  link: string;
}

export interface IssueInput {
  moveId: string;
  title: string;
  body: string;
}

const LINEAR_ISSUE = `query MoveIssue($id: String!) { issue(id: $id) { id identifier url } }`;
const LINEAR_CREATE = `mutation MoveIssueCreate($input: IssueCreateInput!) {
  issueCreate(input: $input) { success issue { id identifier url } }
}`;

interface LinearIssueNode {
  id: string;
  identifier: string;
  url: string;
}

export async function createLinearIssue(client: LinearClient, teamId: string, input: IssueInput, retry: boolean): Promise<CreatedIssue> {
  if (retry) {
    const existing = await linearIssue(client, input.moveId);
    if (existing) return { externalId: existing.identifier, link: existing.url };
  }
  const created = await client.client.rawRequest<{ issueCreate: { success: boolean; issue: LinearIssueNode | null } }, Record<string, unknown>>(LINEAR_CREATE, {
    input: { id: input.moveId, teamId, title: input.title, description: input.body },
  });
  const issue = created.data?.issueCreate.issue;
  if (!created.data?.issueCreate.success || !issue) throw new Error('Linear did not create the issue');
  return { externalId: issue.identifier, link: issue.url };
}

/** The issue with this id, or null: Linear answers an unknown id with an "Entity not found" error. */
async function linearIssue(client: LinearClient, id: string): Promise<LinearIssueNode | null> {
  try {
    return (await client.client.rawRequest<{ issue: LinearIssueNode | null }, Record<string, unknown>>(LINEAR_ISSUE, { id })).data?.issue ?? null;
  } catch (error) {
    if (/entity not found/i.test(String((error as Error)?.message))) return null;
    throw error;
  }
}

/** The hidden line that names the move in its GitHub issue's body. */
export const githubMarker = (moveId: string) => `<!-- maturity-move:${moveId} -->`;

/** How many of the newest open issues a retry looks through for its marker: one page. */
const RECENT_ISSUES = 100;

export async function createGitHubIssue(octokit: Octokit, fullName: string, input: IssueInput, retry: boolean): Promise<CreatedIssue> {
  const [owner, repo] = fullName.split('/') as [string, string];
  const marker = githubMarker(input.moveId);
  if (retry) {
    const { data } = await octokit.rest.issues.listForRepo({ owner, repo, state: 'open', per_page: RECENT_ISSUES, sort: 'created', direction: 'desc' });
    const existing = data.find((issue) => issue.body?.includes(marker));
    if (existing) return { externalId: `${fullName}#${existing.number}`, link: existing.html_url };
  }
  const { data } = await octokit.rest.issues.create({ owner, repo, title: input.title, body: `${input.body}\n\n${marker}` });
  return { externalId: `${fullName}#${data.number}`, link: data.html_url };
}
