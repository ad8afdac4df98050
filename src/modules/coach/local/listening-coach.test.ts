/**
 * The coach that listens (issue 23, part 5): it corrects a question built on
 * a wrong premise with the facts, says when it cannot answer (a company it
 * has no score of, another language, a question about itself or outside the
 * result) and offers what it can, coaches towards the interview's goals and
 * team, says what moved since the last score, and never cuts a sentence or
 * names an API path.
 */
import { describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { scoreChange } from '../../scoring/score-change.ts';
import { NO_CONTEXT, type CoachContext } from '../coach-context.ts';
import { composeCoachAnswer, type ChatMessage } from './local-coach.ts';

const acme = fixtureResult();
const ask = (question: string, result = acme, context: CoachContext = NO_CONTEXT) =>
  composeCoachAnswer({ messages: [{ role: 'user', content: question }], result, context });

describe('a question on a wrong premise', () => {
  it('corrects "why is our pricing score low?" when pricing is one of the stronger dimensions', () => {
    const strongPricing = fixtureResult({ levels: { pricing_packaging: 3 } });
    const answer = ask('Why is our pricing score low?', strongPricing);
    expect(answer).toMatch(/^\*\*Pricing & Packaging: what the result says\*\*/);
    expect(answer).toMatch(
      /Pricing & Packaging is not low: it is one of Acme Analytics's stronger dimensions, at level 3 of 4 \(Leading\), ranked \d+ of 27, against an average level of \d\.\d\./,
    );
    expect(answer).toContain('Your lowest dimensions are elsewhere');
  });

  it('answers the question as asked when the premise holds', () => {
    expect(ask('Why is our pricing score low?')).not.toContain('is not low');
  });

  it('corrects the opposite premise: a weak dimension taken for a strong one', () => {
    const answer = ask('Why is our feedback loop so strong?');
    expect(answer).toContain("Feedback Loop Quality is not one of Acme Analytics's strong points: it is at level 1 of 4 (Foundation)");
  });
});

describe('what it cannot answer', () => {
  it('says it has no score of a named competitor and how to get one, instead of a playbook', () => {
    const answer = ask('How do we compare to Stripe?');
    expect(answer).toContain("I can't compare with Stripe yet: this account has no score of Stripe's site");
    expect(answer).toContain('Compare with another result');
    expect(answer).toContain(`Acme Analytics stands at ${acme.totalScore} of 108`);
  });

  it('offers peer benchmarks for "how do we compare to the industry?"', () => {
    expect(ask('How do we compare to the industry?')).toContain('I can\'t compare Acme Analytics with "industry" from this result');
  });

  it('says it answers in English to a question in another language or script', () => {
    for (const question of [
      'Comment pouvons-nous améliorer notre stratégie de prix ?',
      'Wie können wir unsere Preisgestaltung verbessern?',
      '我们的定价为什么这么低？',
    ]) {
      expect(ask(question), question).toContain('I understand and answer questions in English only, for now.');
    }
  });

  it('answers questions about itself', () => {
    for (const question of ['Who are you?', 'Are you a bot?', 'What can you do?']) {
      const answer = ask(question);
      expect(answer, question).toContain('**About me**');
      expect(answer, question).toContain("I answer from Acme Analytics's score");
    }
  });

  it('says a question outside the result is outside it, and what it can answer', () => {
    const answer = ask('What will the weather be in Paris tomorrow?');
    expect(answer).toContain("I can't answer that from Acme Analytics's result");
    expect(answer).toContain('What I can answer:');
  });
});

describe('the account behind the question', () => {
  const interview = { role: 'Head of Product', goals: ['Fix our pricing page', 'Publish a public roadmap'], teamSize: 12, productName: 'Ledgerly' };
  const previous = { ...fixtureResult({ levels: { pricing_packaging: 1, delivery_velocity: 2 } }), id: 'previous', createdAt: '2026-10-01T09:00:00.000Z' };
  const change = scoreChange(previous, acme);
  const context: CoachContext = { comparedWith: null, interview, change };

  it('ties the gaps to the goals given in the welcome interview', () => {
    const answer = ask('What are our biggest gaps?', acme, context);
    expect(answer).toContain('As Head of Product, you set these goals in the welcome interview: “Fix our pricing page”; “Publish a public roadmap”.');
    expect(answer).toContain('“Fix our pricing page” rests most on Pricing & Packaging (level 1)');
    expect(answer).toContain('“Publish a public roadmap” rests most on Roadmap Discipline (level 2)');
  });

  it('sizes a plan to the team', () => {
    expect(ask('Give us a 90 day plan', acme, context)).toContain('With 12 people on Ledgerly, run two or three of these at once, each with one named owner.');
  });

  it('says what moved since the previous score', () => {
    const answer = ask('What does our total mean?', acme, context);
    expect(answer).toContain(
      `Since your previous score (2026-10-01): up ${acme.totalScore - previous.totalScore} (${previous.totalScore} → ${acme.totalScore}).`,
    );
    expect(answer).toContain('Moved: Delivery Velocity 2 → 3.');
    expect(ask('How do we improve delivery velocity?', acme, context)).toContain('It moved from level 2 to 3 since your previous score (2026-10-01).');
  });
});

describe('every answer', () => {
  const questions = [
    'What does our score mean?',
    'What are our biggest gaps?',
    'How can we improve our pricing?',
    'Give us a 30/60/90 plan',
    'strategy vs design',
    'What evidence did you find for security?',
    'what are we good at?',
    'which function is weakest?',
    'Why is our pricing score low?',
    'Blorp?',
    'how does scoring work?',
    'plan for design',
    'what else is missing in our docs?',
    'Why do we have a low customer signal score?',
  ];
  const followUps = ['tell me more', 'why?', 'and the next one?', 'what else?', 'tell me more', 'tell me more'];

  it('never stops mid-sentence and never names an API path', () => {
    for (const question of questions) {
      const messages: ChatMessage[] = [];
      for (const content of [question, ...followUps]) {
        messages.push({ role: 'user', content });
        const answer = composeCoachAnswer({ messages, result: acme });
        messages.push({ role: 'assistant', content: answer });
        expect(answer, `${question} → ${content}`).not.toContain('…');
        expect(answer, `${question} → ${content}`).not.toMatch(/\b(GET|POST|PUT|DELETE) \/|\/api\//);
      }
    }
  });
});
