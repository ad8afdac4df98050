/** Feedback loop quality: feature-request boards, credited changes, satisfaction surveys, community forums. */
import { detectByLinks, detectBySiteLinks, detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'feedback.public_board',
    words: ['feature', 'feedback', 'request', 'submit', 'idea', 'upvot', 'vote', 'add', 'suggest'],
    // A board is a place to send and weigh requests; "feature requests" alone may be a perk or a competitor's feature.
    pattern:
      /\b(?:submit|post|vote on|track) (?:a |your )?feature requests?\b|\bfeature requests? (?:board|portal|page|tracker)\b|\bfeedback (?:board|portal|forum)\b|\brequest (?:a |new )?features?\b|\bsubmit (?:an )?idea\b|\bideas? (?:portal|board)\b|\bupvot(?:e|ing)\b|\bvote (?:on|for) (?:the |existing |your |other )?(?:ones|features|ideas|requests|what)\b|\b(?:add|suggest|share) (?:new |your )?ideas (?:on|in|at|to)\b/i,
    examples: ['Submit feature requests on our board.', 'Upvote the ideas you like.'],
    nonExamples: ['Features we love.'],
  },
  {
    signal: 'feedback.closed_loop',
    words: [
      'asked',
      'feedback',
      'request',
      'suggest',
      'voted',
      'most',
      'top',
      'thanks',
      'based',
      'driven',
      'shaped',
      'input',
      'features',
      'improvements',
      'changes',
      'inspired',
      'response',
    ],
    pattern:
      /\byou asked,? we (?:built|listened|shipped|delivered)\b|\b(?:based on|thanks to|driven by|shaped by|inspired by|in response to) (?:your|customer|user|community|our (?:users'?|customers'?|community's)) (?:feedback|input|requests|suggestions|surveys)\b|\b(?:input|feedback|suggestions) from (?:our |the )?(?:users|customers|community|beta (?:program )?(?:members|users|testers))\b|\b(?:features?|improvements?|changes?|this) (?:was |were )?(?:requested|suggested|voted for) by (?:customers|users|you|our (?:community|customers|users))\b|\bmost[- ](?:requested|voted)\b|\btop-voted\b/i,
    examples: ['You asked, we built it.', 'Based on your feedback, we added tags.', 'Our most-requested feature is here.'],
    nonExamples: ['Send us your feedback.'],
  },
  {
    signal: 'feedback.satisfaction_surveys',
    words: ['nps', 'csat'],
    pattern: /\bNPS\b|\bCSAT\b/,
    examples: ['Our NPS is 72.', 'We track CSAT weekly.'],
    nonExamples: ['NPSA is a different thing.'],
  },
  {
    signal: 'feedback.satisfaction_surveys',
    words: ['net', 'satisfaction'],
    pattern: /\bnet promoter score\b|\bcustomer satisfaction (?:score|survey)s?\b/i,
    examples: ['We measure our Net Promoter Score.', 'A customer satisfaction survey after each ticket.'],
    nonExamples: ['Customer satisfaction matters.'],
  },
  {
    signal: 'feedback.community_forum',
    words: ['community', 'join'],
    pattern: /\bcommunity (?:forum|Slack|Discord|hub)\b|\bjoin (?:our|the) (?:community|Discord|Slack)\b/i,
    examples: ['Ask on the community forum.', 'Join our Discord.'],
    nonExamples: ['Our community grows.'],
  },
]);

/** A community the company runs on a chat or forum host: its existence is the observation, wherever the link sits. */
const COMMUNITY_HREF =
  /^https?:\/\/(?:(?:www\.)?discord\.(?:gg|com\/invite)\/|[\w-]+\.slack\.com\/|join\.slack\.com\/|(?:community|forum|forums|discuss)\.[\w.-]+\/?|github\.com\/[\w.-]+\/[\w.-]+\/discussions)/i;

export const detectFeedbackSignals: SignalDetector = (pages) => [
  ...detectByTextRules(pages, TEXT_RULES),
  ...detectByLinks(pages, [{ signal: 'feedback.public_board', text: /^(?:feedback|feature requests?|ideas|request a feature)$/i }]),
  ...detectBySiteLinks(pages, [{ signal: 'feedback.community_forum', href: COMMUNITY_HREF }]),
];
