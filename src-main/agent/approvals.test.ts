import { describe, expect, it } from 'vitest';
import { toolError } from '../runtime/errors';
import { toolFailure } from '../runtime/outcome';
import type { AskHuman } from './approvals';
import { useScriptedAgent } from './testing/scriptedAgent';

const scripted = useScriptedAgent();

describe('approval relay', () => {
  it('shows and stores each question and answer with the session that asked', async () => {
    const human: AskHuman = async (ask) => ({
      decision: ask.command.includes('build') ? 'once' : 'deny',
      decidedBy: 'human',
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
        return answer.decision === 'deny' ? toolError('denied by the user') : 'ran';
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
      expect.objectContaining({ type: 'approval_resolved', decision: 'once', decidedBy: 'human' }),
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
      expect.objectContaining({ toolCallId: 'g2', decision: 'deny', decidedBy: 'human' }),
    ]);
  });

  it("marks a gate's refusal on tool_finished from the outcome, whatever its text", async () => {
    const refusals = { blocked: 'blocked', denied: 'denied' } as const;
    for (const [name, refusal] of Object.entries(refusals))
      scripted.h.runtime.registry.register({
        name,
        toolset: 'test',
        schema: { name, description: 'always refused', parameters: { type: 'object', properties: {} } },
        // Not JSON at all: the refusal is read from the outcome, never from the text.
        handler: () => toolFailure(`Refused: ${'a hardline command '.repeat(20)}`, { refusal }),
      });
    scripted.model.push(
      {
        toolCalls: [
          { id: 'r1', name: 'blocked', arguments: {} },
          { id: 'r2', name: 'denied', arguments: {} },
        ],
      },
      { text: 'ok' },
    );
    await scripted.h.agent().runTurn('try it');
    const finished = scripted.h.events.filter((e) => e.type === 'tool_finished');
    expect(finished).toEqual([
      expect.objectContaining({ toolCallId: 'r1', status: 'error', approval: 'blocked' }),
      expect.objectContaining({ toolCallId: 'r2', status: 'error', approval: 'denied' }),
    ]);
  });

  it('reports a failure as an error and a plain value as ok, however either reads', async () => {
    for (const [name, result] of [
      ['fails', toolFailure('no luck')],
      ['looks_failed', { error: 'this is data the tool found' }],
    ] as const)
      scripted.h.runtime.registry.register({
        name,
        toolset: 'test',
        schema: { name, description: 'test', parameters: { type: 'object', properties: {} } },
        handler: () => result,
      });
    scripted.model.push(
      {
        toolCalls: [
          { id: 'f1', name: 'fails', arguments: {} },
          { id: 'f2', name: 'looks_failed', arguments: {} },
        ],
      },
      { text: 'ok' },
    );
    await scripted.h.agent().runTurn('try it');
    const finished = scripted.h.events.filter((e) => e.type === 'tool_finished');
    expect(finished).toEqual([
      expect.objectContaining({ toolCallId: 'f1', status: 'error', result: 'no luck' }),
      expect.objectContaining({
        toolCallId: 'f2',
        status: 'ok',
        result: '{"error":"this is data the tool found"}',
      }),
    ]);
    expect(finished[0]).not.toHaveProperty('approval');
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
