/** Feedback loop quality: feature-request boards, credited changes, satisfaction surveys, community forums. */
import { detectByLinks, detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  {
    signal: 'feedback.public_board', words: ['feature', 'feedback', 'request', 'submit', 'idea', 'upvot', 'vote'],
    // A board is a place to send and weigh requests; "feature requests" alone may be a perk or a competitor's feature.
    pattern: /\b(?:submit|post|vote on|track) (?:a |your )?feature requests?\b|\bfeature requests? (?:board|portal|page|tracker)\b|\bfeedback (?:board|portal|forum)\b|\brequest a feature\b|\bsubmit (?:an )?idea\b|\bideas? (?:portal|board)\b|\bupvot(?:e|ing)\b|\bvote (?:on|for) (?:features|ideas|what)\b/i,
  },
  {
    signal: 'feedback.closed_loop', words: ['asked', 'feedback', 'request', 'suggested', 'voted', 'most', 'top'],
    pattern: /\byou asked,? we (?:built|listened|shipped|delivered)\b|\b(?:based on|thanks to|driven by|shaped by) (?:your|customer|user|community) feedback\b|\b(?:requested|suggested|voted for) by (?:customers|users|you|our (?:community|customers|users))\b|\bmost[- ]requested\b|\btop-voted\b/i,
  },
  { signal: 'feedback.satisfaction_surveys', words: ['nps', 'csat'], pattern: /\bNPS\b|\bCSAT\b/ },
  { signal: 'feedback.satisfaction_surveys', words: ['net', 'satisfaction'], pattern: /\bnet promoter score\b|\bcustomer satisfaction (?:score|survey)s?\b/i },
  { signal: 'feedback.community_forum', words: ['community', 'join'], pattern: /\bcommunity (?:forum|Slack|Discord|hub)\b|\bjoin (?:our|the) (?:community|Discord|Slack)\b/i },
]);

export const detectFeedbackSignals: SignalDetector = (pages) => [
  ...detectByTextRules(pages, TEXT_RULES),
  ...detectByLinks(pages, [{ signal: 'feedback.public_board', text: /^(?:feedback|feature requests?|ideas|request a feature)$/i }]),
];
