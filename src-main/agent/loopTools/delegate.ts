import type { TurnStatus } from '../../../src-shared/agentEvents';
import { describeThrown, toolError } from '../../runtime/errors';
import { mapLimited } from '../batch';
import type { ToolContext } from '../../runtime/types';
import type { DelegateTask, DelegateTaskArgs } from '../../tools/agentLoopArgs';

export type { DelegateTask };

export interface ChildOutcome {
  status: TurnStatus;
  text: string;
  sessionId: string;
  iterations: number;
  error?: string;
}

export interface DelegateOptions {
  /** Depth of the agent that delegates; its children run one deeper. */
  depth: number;
  maxDepth: number;
  maxConcurrent: number;
  runChild(task: DelegateTask, signal?: AbortSignal): Promise<ChildOutcome>;
}

/** A child's final answer is its summary; a very long one is cut so the parent's context lasts. */
const MAX_SUMMARY_CHARS = 4_000;

export function delegateTool(options: DelegateOptions) {
  return async (args: DelegateTaskArgs, ctx: ToolContext) => {
    if (options.depth >= options.maxDepth) {
      return toolError(
        `Delegation depth limit (${options.maxDepth}) reached: this agent is at depth ${options.depth}. Do the task yourself.`,
      );
    }
    const { tasks } = args;
    if (tasks.length === 0) return toolError('tasks is empty');
    const results = await mapLimited(tasks, options.maxConcurrent, async (task, index) => {
      try {
        const child = await options.runChild(task, ctx.signal);
        const summary =
          child.text.length > MAX_SUMMARY_CHARS
            ? `${child.text.slice(0, MAX_SUMMARY_CHARS - 1)}…`
            : child.text;
        return {
          task_index: index,
          goal: task.goal,
          status: child.status,
          summary,
          session_id: child.sessionId,
          iterations: child.iterations,
          ...(child.error ? { error: child.error } : {}),
        };
      } catch (err) {
        return { task_index: index, goal: task.goal, status: 'error', error: describeThrown(err).message };
      }
    });
    return { results };
  };
}
