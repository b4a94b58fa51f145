import type { AgentRoot } from '../agentRoot';
import { scriptedModelConfig } from './harness';
import type { ScriptedModel, ScriptedToolCall } from './scriptedModel';

/** One turn in which the scripted model makes these calls; returns each call's parsed result. */
export async function scriptedTurn(
  agentRoot: AgentRoot,
  model: ScriptedModel,
  calls: ScriptedToolCall[],
  session: { workspace?: string; sessionId?: string },
): Promise<{ sessionId: string; results: Record<string, unknown>[] }> {
  model.push({ toolCalls: calls }, { text: 'done' });
  const agent = agentRoot.createAgent({ model: scriptedModelConfig(model.baseUrl), ...session });
  const result = await agent.runTurn('work');
  await agent.close();
  const records = agentRoot.sessions.toolCalls(result.sessionId);
  const results = records
    .slice(-calls.length)
    .map((r) => JSON.parse(r.result ?? '{}') as Record<string, unknown>);
  return { sessionId: result.sessionId, results };
}

/** A terminal call's output, trimmed. */
export const terminalOutput = (r: Record<string, unknown> | undefined) => String(r?.output ?? '').trim();
