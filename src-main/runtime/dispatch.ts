import { describeThrown, toolError } from './errors';
import type { DispatchStatus, HookBus, PostToolCallInfo } from './hooks';
import { withText } from './outcome';
import { runHandler, type ToolRegistry } from './registry';
import type { ToolArgs, ToolContext, ToolOutcome } from './types';
import { parseArgs, validateArgs } from './validate';

/**
 * The one path from a model's tool call to its outcome: parse, `pre_tool_call` hooks, validate,
 * run, `post_tool_call` and `transform_tool_result` hooks. Agent-loop tools take it too, with
 * the handlers the loop passes in the call's context. Nothing thrown reaches the caller.
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
  ): Promise<ToolOutcome> {
    try {
      const parsed = parseArgs(rawArgs);
      const args = parsed.ok ? parsed.args : {};
      const watching = this.hooks.has('post_tool_call') || this.hooks.has('transform_tool_result');
      const started = watching ? performance.now() : 0;

      let outcome: ToolOutcome;
      let status: DispatchStatus;
      const vetoed = this.hooks.has('pre_tool_call') ? await this.preToolCall(name, args, ctx) : undefined;
      if (vetoed !== undefined) {
        outcome = toolError(vetoed);
        status = 'vetoed';
      } else if (!parsed.ok) {
        outcome = toolError(`Invalid arguments for ${name}: ${parsed.details}`);
        status = 'error';
      } else {
        outcome = await this.validateAndRun(name, args, ctx);
        status = outcome.ok ? 'ok' : 'error';
      }
      if (!watching) return outcome;
      const info: PostToolCallInfo = {
        name,
        args,
        taskId: ctx.taskId,
        sessionId: ctx.sessionId,
        toolCallId: ctx.toolCallId,
        result: outcome.text,
        durationMs: performance.now() - started,
        status,
      };
      await this.hooks.run('post_tool_call', info);
      // Every transform hook sees the original result; the first one that returns a string wins.
      // It changes what the model reads, not what happened.
      const replacements = await this.hooks.run('transform_tool_result', info);
      const replacement = replacements.find((r): r is string => typeof r === 'string');
      return replacement === undefined ? outcome : withText(outcome, replacement);
    } catch (err) {
      return toolError(`Error executing ${name}: ${describeThrown(err).message}`);
    }
  }

  private async validateAndRun(name: string, args: ToolArgs, ctx: ToolContext): Promise<ToolOutcome> {
    const entry = this.registry.get(name);
    if (!entry) return toolError(`Unknown tool: ${name}`);
    const checked = validateArgs(entry.schema.parameters, args);
    if (!checked.ok) return toolError(`Invalid arguments for ${name}: ${checked.details}`);
    return runHandler(ctx.loopHandlers?.get(name) ?? entry.handler, args, ctx);
  }

  /** Every hook observes the call, in order; the first one that blocks gives the message. */
  private async preToolCall(name: string, args: ToolArgs, ctx: ToolContext): Promise<string | undefined> {
    const info = { name, args, taskId: ctx.taskId, sessionId: ctx.sessionId, toolCallId: ctx.toolCallId };
    const block = (await this.hooks.run('pre_tool_call', info)).find((o) => o?.action === 'block');
    return block ? block.message || `${name} was blocked by a hook` : undefined;
  }
}
