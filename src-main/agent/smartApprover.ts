import OpenAI from 'openai';
import type { SmartAnswer, SmartApprover } from '../approval/gate';
import type { ModelResolution } from './model/resolve';

const INSTRUCTIONS = [
  'You review one shell command an AI agent wants to run on a developer machine.',
  'Answer with exactly one word:',
  'APPROVE if it is clearly routine and its effects are limited to the project (for example deleting a build folder).',
  'DENY if it is clearly destructive or exfiltrates data.',
  'ESCALATE if you are unsure; a person will then decide.',
].join('\n');

/** Reads the model's one-word answer; anything else escalates to a person. */
export function parseSmartAnswer(text: string): SmartAnswer {
  const word = text
    .trim()
    .split(/\s+/)[0]
    ?.replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  if (word === 'APPROVE') return 'approve';
  if (word === 'DENY') return 'deny';
  return 'escalate';
}

/**
 * approvals.mode "smart": the configured model judges one dangerous command. It never sees a
 * hardline one (the gate stops those first), and its approval covers only that command.
 */
export function createSmartApprover(resolve: () => ModelResolution): SmartApprover {
  return {
    async assess(req, signal) {
      const resolution = resolve();
      if (!resolution.ok) return 'escalate';
      const { model } = resolution;
      const client = new OpenAI({
        apiKey: model.apiKey,
        baseURL: model.baseUrl,
        maxRetries: 1,
        timeout: 30_000,
      });
      try {
        const reply = await client.chat.completions.create(
          {
            model: model.name,
            messages: [
              { role: 'system', content: INSTRUCTIONS },
              {
                role: 'user',
                content: `Command:\n${req.command}\n\nWhy it was flagged:\n${req.verdict.reasons.map((r) => `- ${r}`).join('\n')}`,
              },
            ],
            max_tokens: 5,
            temperature: 0,
          },
          { signal },
        );
        return parseSmartAnswer(reply.choices[0]?.message.content ?? '');
      } catch {
        return 'escalate';
      }
    },
  };
}
