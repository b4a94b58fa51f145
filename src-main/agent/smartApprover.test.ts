import { describe, expect, it } from 'vitest';
import type { Verdict } from '../approval/analysis';
import { ModelConfigSchema } from '../config/schema';
import { resolveModel } from './model/resolve';
import { createSmartApprover, parseSmartAnswer } from './smartApprover';
import { useScriptedModel } from './testing/scriptedAgent';

const scripted = useScriptedModel();

const verdict: Verdict = {
  verdict: 'dangerous',
  keys: ['rm-recursive'],
  reasons: ['recursive delete'],
  segments: [],
  parsed: true,
};
const req = { command: 'rm -rf ./dist', verdict, sessionId: 's', taskId: 't', toolCallId: 'c' };

describe('smart approval', () => {
  it('reads the one-word answer, and escalates anything else', () => {
    expect(parseSmartAnswer('APPROVE')).toBe('approve');
    expect(parseSmartAnswer(' deny.')).toBe('deny');
    expect(parseSmartAnswer('ESCALATE')).toBe('escalate');
    expect(parseSmartAnswer('Sure, go ahead')).toBe('escalate');
  });

  it('asks the configured model about the command and its reasons', async () => {
    const approver = createSmartApprover(() =>
      resolveModel(
        ModelConfigSchema.parse({ base_url: scripted.model.baseUrl, name: 'judge', max_retries: 0 }),
        {
          CADUCEUS_API_KEY: 'k',
        },
      ),
    );
    scripted.model.push({ text: 'APPROVE' });
    expect(await approver.assess(req, new AbortController().signal)).toBe('approve');
    const sent = JSON.stringify(scripted.model.requests.at(-1)?.body.messages);
    expect(sent).toContain('rm -rf ./dist');
    expect(sent).toContain('recursive delete');
    scripted.model.push({ status: 500, message: 'down' });
    expect(await approver.assess(req, new AbortController().signal)).toBe('escalate');
  });

  it('escalates when no model is configured', async () => {
    const approver = createSmartApprover(() => ({ ok: false, problems: ['no model'] }));
    expect(await approver.assess(req, new AbortController().signal)).toBe('escalate');
  });
});
