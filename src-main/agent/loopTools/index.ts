import { describeThrown, serialiseResult, toolError } from '../../runtime/errors';
import { parseArgs, validateArgs } from '../../runtime/validate';
import { AGENT_LOOP_SCHEMAS } from '../../tools/agentLoop';
import type { LoopCallContext, LoopToolHandler } from './types';

type LoopToolName = keyof typeof AGENT_LOOP_SCHEMAS;

/**
 * The tools the agent loop answers itself, with the same pipeline as registry tools: parse,
 * validate against the schema, run; every failure is an error result, never a throw.
 */
export class LoopTools {
  constructor(private readonly handlers: Partial<Record<LoopToolName, LoopToolHandler>>) {}

  has(name: string): boolean {
    return name in this.handlers;
  }

  async run(name: string, rawArgs: string, ctx: LoopCallContext): Promise<string> {
    const handler = this.handlers[name as LoopToolName];
    const schema = AGENT_LOOP_SCHEMAS[name as LoopToolName];
    if (!handler || !schema) return toolError(`${name} is not available in this session`);
    const parsed = parseArgs(rawArgs);
    if (!parsed.ok) return toolError(`Invalid arguments for ${name}: ${parsed.details}`);
    const checked = validateArgs(schema.parameters, parsed.args);
    if (!checked.ok) return toolError(`Invalid arguments for ${name}: ${checked.details}`);
    try {
      return serialiseResult(await handler(checked.args, ctx));
    } catch (err) {
      return toolError(`Error executing ${name}: ${describeThrown(err).message}`);
    }
  }
}
