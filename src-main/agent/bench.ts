import type { AgentEvent } from '../../src-shared/agentEvents';
import { median, round } from '../../src-shared/stats';
import { OpenAiChatClient } from './model/client';
import { agentHarness } from './testing/harness';
import { ScriptedModel } from './testing/scriptedModel';
import { echoTool, sleeperTool } from './testing/tools';

/**
 * Speed of the agent loop against the scripted model server: the wall time of one batch of
 * 8 parallel-safe 200 ms calls (target under 260 ms), and the cost of one tool round-trip
 * (model request + tool + bookkeeping) beside a bare model request.
 */
export async function benchAgent(): Promise<Record<string, number>> {
  const model = await ScriptedModel.start();
  const h = await agentHarness({
    baseUrl: model.baseUrl,
    tools: [sleeperTool('sleep200', 200, []), echoTool()],
  });
  try {
    const batchWall: number[] = [];
    for (let run = 0; run < 5; run++) {
      // Wall time as the loop sees it: first tool_started to last tool_finished.
      const stamps: { type: AgentEvent['type']; at: number }[] = [];
      const calls = Array.from({ length: 8 }, (_, i) => ({
        name: 'sleep200',
        arguments: { label: String(i) },
      }));
      model.push({ toolCalls: calls }, { text: 'done' });
      const agent = h.root.createAgent({
        model: h.model,
        onEvent: (e) => stamps.push({ type: e.type, at: performance.now() }),
      });
      await agent.runTurn('batch');
      const started = stamps.filter((s) => s.type === 'tool_started').map((s) => s.at);
      const finished = stamps.filter((s) => s.type === 'tool_finished').map((s) => s.at);
      batchWall.push(Math.max(...finished) - Math.min(...started));
    }

    const trips = 100;
    let n = 0;
    model.fallback = () =>
      ++n > trips ? { text: 'done' } : { toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] };
    const agent = h.root.createAgent({ model: h.model });
    model.push({ toolCalls: [{ name: 'echo', arguments: { text: 'warm' } }] }, { text: 'warm' });
    await agent.runTurn('warm up');
    const loopStart = performance.now();
    await agent.runTurn('round trips');
    const perTrip = (performance.now() - loopStart) / (trips + 1);

    const client = new OpenAiChatClient(h.model);
    model.fallback = () => ({ text: 'ok' });
    const bare: number[] = [];
    for (let i = 0; i < trips; i++) {
      const start = performance.now();
      await client.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
      bare.push(performance.now() - start);
    }
    const request = median(bare);
    return {
      parallelBatchOf8x200msWallMs: round(median(batchWall)),
      toolRoundTripMs: round(perTrip),
      bareModelRequestMs: round(request),
      loopOverheadPerRoundTripMs: round(Math.max(0, perTrip - request)),
    };
  } finally {
    await h.cleanup();
    await model.close();
  }
}
