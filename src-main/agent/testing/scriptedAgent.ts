// Kept apart from harness.ts, which bench.ts loads outside vitest, where vitest cannot be imported.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { ToolSpec } from '../../runtime/types';
import { agentHarness, type AgentHarness } from './harness';
import { ScriptedModel } from './scriptedModel';

type HarnessOptions = Parameters<typeof agentHarness>[0];

/** Starts one scripted model for the file's tests and closes it after them. */
export function useScriptedModel(): { readonly model: ScriptedModel } {
  let model: ScriptedModel | undefined;
  beforeAll(async () => {
    model = await ScriptedModel.start();
  });
  afterAll(async () => {
    await model?.close();
  });
  return {
    get model() {
      if (!model) throw new Error('the scripted model starts in beforeAll');
      return model;
    },
  };
}

/**
 * A scripted model for the file plus a fresh agent harness per test, on an emptied script.
 * `tools` is called per test so stateful tools start clean.
 */
export function useScriptedAgent(options: { tools?: () => ToolSpec[] } = {}): {
  readonly model: ScriptedModel;
  readonly h: AgentHarness;
  /** Swaps this test's harness for one built with other tools or config. */
  replaceHarness(options: Omit<HarnessOptions, 'baseUrl'>): Promise<AgentHarness>;
} {
  const scripted = useScriptedModel();
  let h: AgentHarness | undefined;
  beforeEach(async () => {
    scripted.model.reset();
    h = await agentHarness({ baseUrl: scripted.model.baseUrl, tools: options.tools?.() });
  });
  afterEach(async () => {
    await h?.cleanup();
    h = undefined;
  });
  return {
    get model() {
      return scripted.model;
    },
    get h() {
      if (!h) throw new Error('the agent harness exists only inside a test');
      return h;
    },
    async replaceHarness(replacement) {
      await h?.cleanup();
      h = await agentHarness({ baseUrl: scripted.model.baseUrl, ...replacement });
      return h;
    },
  };
}
