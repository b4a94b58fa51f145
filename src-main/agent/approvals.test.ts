import { describe, expect, it } from 'vitest';
import type { AskHuman } from './approvals';
import { useScriptedAgent } from './testing/scriptedAgent';

const scripted = useScriptedAgent();

describe('approval relay', () => {
  it('shows and stores each question and answer with the session that asked', async () => {
    const human: AskHuman = async (ask) => ({
      decision: ask.command.includes('build') ? 'once' : 'deny',
      decidedBy: 'user',
    });
    const ask = scripted.h.root.approvals.wrap(human);
    // Stands in for a command tool whose gate asks a human.
    scripted.h.runtime.registry.register({
      name: 'guarded',
      toolset: 'test',
      schema: {
        name: 'guarded',
        description: 'runs a command',
        parameters: { type: 'object', properties: { command: { type: 'string' } } },
      },
      handler: async (args, ctx) => {
        const answer = await ask({
          sessionId: ctx.sessionId,
          toolCallId: ctx.toolCallId,
          command: String(args.command),
          reasons: ['recursive delete'],
        });
        return answer.decision === 'deny' ? { error: 'denied by the user' } : 'ran';
      },
    });
    scripted.model.push(
      {
        toolCalls: [
          { id: 'g1', name: 'guarded', arguments: { command: 'rm -rf build' } },
          { id: 'g2', name: 'guarded', arguments: { command: 'rm -rf ~' } },
        ],
      },
      { text: 'done' },
    );
    const agent = scripted.h.agent();
    await agent.runTurn('clean up');
    const approvalEvents = scripted.h.events.filter((e) => e.type.startsWith('approval_'));
    expect(approvalEvents).toEqual([
      expect.objectContaining({
        type: 'approval_requested',
        toolCallId: 'g1',
        command: 'rm -rf build',
        sessionId: agent.sessionId,
        depth: 0,
      }),
      expect.objectContaining({ type: 'approval_resolved', decision: 'once', decidedBy: 'user' }),
      expect.objectContaining({ type: 'approval_requested', toolCallId: 'g2', command: 'rm -rf ~' }),
      expect.objectContaining({ type: 'approval_resolved', decision: 'deny' }),
    ]);
    expect(scripted.h.root.sessions.approvals(agent.sessionId)).toEqual([
      expect.objectContaining({
        toolCallId: 'g1',
        command: 'rm -rf build',
        reasons: ['recursive delete'],
        decision: 'once',
      }),
      expect.objectContaining({ toolCallId: 'g2', decision: 'deny', decidedBy: 'user' }),
    ]);
  });

  it("marks a gate's refusal on tool_finished, however long its message", async () => {
    scripted.h.runtime.registry.register({
      name: 'refused',
      toolset: 'test',
      schema: {
        name: 'refused',
        description: 'always refused',
        parameters: { type: 'object', properties: {} },
      },
      handler: () => ({ error: `Blocked: ${'a hardline command '.repeat(20)}`, approval: 'blocked' }),
    });
    scripted.model.push({ toolCalls: [{ id: 'r1', name: 'refused', arguments: {} }] }, { text: 'ok' });
    await scripted.h.agent().runTurn('try it');
    expect(scripted.h.events).toContainEqual(
      expect.objectContaining({
        type: 'tool_finished',
        toolCallId: 'r1',
        status: 'error',
        approval: 'blocked',
      }),
    );
  });

  it('records a denial when asking fails', async () => {
    const session = scripted.h.root.sessions.createSession();
    const ask = scripted.h.root.approvals.wrap(async () => {
      throw new Error('dialog crashed');
    });
    await expect(ask({ sessionId: session.id, command: 'x', reasons: [] })).rejects.toThrow('dialog crashed');
    expect(scripted.h.root.sessions.approvals(session.id)).toEqual([
      expect.objectContaining({ decision: 'deny', decidedBy: 'error' }),
    ]);
  });
});
