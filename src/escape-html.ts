/**
 * Text made safe to place inside HTML: the pages (web/) and the mail
 * templates (lifecycle-mail, email-preferences) both write markup as strings,
 * so this sits under both rather than in web/, which modules never import.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
