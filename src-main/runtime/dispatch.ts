import { describeThrown, isToolError, toolError } from './errors';
import type { HookBus, PostToolCallInfo, ToolCallStatus } from './hooks';
import type { ToolRegistry } from './registry';
import type { ToolArgs, ToolContext } from './types';
import { parseArgs, validateArgs } from './validate';

/** Tools the agent loop answers itself; they need the loop's state, not the registry. */
export const AGENT_LOOP_TOOLS: ReadonlySet<string> = new Set([
  'todo',
  'memory',
  'session_search',
  'delegate_task',
  'clarify',
]);

/**
 * The one path from a model's tool call to a result string. Every failure becomes a JSON error
 * string; nothing thrown reaches the caller.
 */
export class Dispatcher {
  constructor(
    private readonly registry: ToolRegistry,
    private readonly hooks: HookBus,
  ) {}

  async handleFunctionCall(
    name: string,
    rawArgs: ToolArgs | string | undefined,
    ctx: ToolContext,
  ): Promise<string> {
    try {
      if (AGENT_LOOP_TOOLS.has(name)) return toolError(`${name} must be handled by the agent loop`);
      const parsed = parseArgs(rawArgs);
      const args = parsed.ok ? parsed.args : {};
      const watching = this.hooks.has('post_tool_call') || this.hooks.has('transform_tool_result');
      const started = watching ? performance.now() : 0;

      let result: string;
      let status: ToolCallStatus;
      const blocked = this.hooks.has('pre_tool_call') ? await this.preToolCall(name, args, ctx) : undefined;
      if (blocked !== undefined) {
        result = toolError(blocked);
        status = 'blocked';
      } else if (!parsed.ok) {
        result = toolError(`Invalid arguments for ${name}: ${parsed.details}`);
        status = 'error';
      } else {
        result = await this.validateAndRun(name, args, ctx);
        status = isToolError(result) ? 'error' : 'ok';
      }
      if (!watching) return result;
      const info: PostToolCallInfo = {
        name,
        args,
        taskId: ctx.taskId,
        sessionId: ctx.sessionId,
        toolCallId: ctx.toolCallId,
        result,
        durationMs: performance.now() - started,
        status,
      };
      await this.hooks.run('post_tool_call', info);
      // Every transform hook sees the original result; the first one that returns a string wins.
      const replacements = await this.hooks.run('transform_tool_result', info);
      return replacements.find((r): r is string => typeof r === 'string') ?? info.result;
    } catch (err) {
      return toolError(`Error executing ${name}: ${describeThrown(err).message}`);
    }
  }

  private async validateAndRun(name: string, args: ToolArgs, ctx: ToolContext): Promise<string> {
    const entry = this.registry.get(name);
    if (entry) {
      const checked = validateArgs(entry.schema.parameters, args);
      if (!checked.ok) return toolError(`Invalid arguments for ${name}: ${checked.details}`);
    }
    return this.registry.dispatch(name, args, ctx);
  }

  /** Every hook observes the call, in order; the first one that blocks gives the message. */
  private async preToolCall(name: string, args: ToolArgs, ctx: ToolContext): Promise<string | undefined> {
    const info = { name, args, taskId: ctx.taskId, sessionId: ctx.sessionId, toolCallId: ctx.toolCallId };
    const block = (await this.hooks.run('pre_tool_call', info)).find((o) => o?.action === 'block');
    return block ? block.message || `${name} was blocked by a hook` : undefined;
  }
}
