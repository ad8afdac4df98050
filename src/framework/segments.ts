/** Market segments a company may be compared within (metadata record, part 2). */
export const SEGMENTS = [
  { key: 'b2b_saas', label: 'B2B SaaS' },
  { key: 'developer_tools', label: 'Developer tools and APIs' },
  { key: 'ai_native', label: 'AI-native product' },
  { key: 'marketplace', label: 'Marketplace' },
  { key: 'consumer', label: 'Consumer app' },
  { key: 'enterprise_software', label: 'Enterprise software' },
] as const;
