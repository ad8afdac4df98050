/**
 * What kind of mail a message is (spec part 2, "Email preferences"). A
 * recipient may opt out of each marketing category; transactional mail
 * (about their account, billing or security) always goes out.
 */
export const OPT_OUT_CATEGORIES = [
  'product_updates',
  'ritual_emails',
  'score_decay_reminders',
  'peer_benchmark_updates',
  'weekly_digest',
  'anomaly_alerts',
] as const;
export type OptOutCategory = (typeof OPT_OUT_CATEGORIES)[number];

export const TRANSACTIONAL_CATEGORIES = ['account', 'billing', 'security'] as const;
export type TransactionalCategory = (typeof TRANSACTIONAL_CATEGORIES)[number];

export type MailCategory = OptOutCategory | TransactionalCategory;

export function isOptOutCategory(category: string): category is OptOutCategory {
  return (OPT_OUT_CATEGORIES as readonly string[]).includes(category);
}
