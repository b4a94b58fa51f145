import type { Logger, ToolArgs } from './types';

export const HOOK_NAMES = [
  'pre_tool_call',
  'post_tool_call',
  'transform_tool_result',
  'transform_terminal_output',
  'pre_approval_request',
  'post_approval_response',
  'on_session_start',
  'on_session_end',
  'pre_llm_call',
  'post_llm_call',
] as const;
export type HookName = (typeof HOOK_NAMES)[number];

export interface ToolCallInfo {
  name: string;
  args: ToolArgs;
  taskId: string;
  sessionId: string;
  toolCallId: string;
}

export type PreToolCallResult = { action: 'block'; message: string } | { action: 'allow' } | void | undefined;
/**
 * How dispatch ended a call, as `post_tool_call` hooks see it: `vetoed` when a `pre_tool_call`
 * hook refused it (the call's status is then `error`). The approval gate's refusals reach hooks
 * as `error`; `blocked` is only ever the gate's word (ToolCallStatus).
 */
export type DispatchStatus = 'ok' | 'error' | 'vetoed';

export interface PostToolCallInfo extends ToolCallInfo {
  result: string;
  durationMs: number;
  /** How dispatch ended the call. */
  status: DispatchStatus;
}

/** Payload and return type per hook; hooks without a return value are notifications. */
export interface HookSignatures {
  pre_tool_call: (info: ToolCallInfo) => PreToolCallResult | Promise<PreToolCallResult>;
  post_tool_call: (info: PostToolCallInfo) => void | Promise<void>;
  transform_tool_result: (info: PostToolCallInfo) => string | void | Promise<string | void>;
  transform_terminal_output: (info: {
    taskId: string;
    output: string;
  }) => string | void | Promise<string | void>;
  pre_approval_request: (info: Record<string, unknown>) => void | Promise<void>;
  post_approval_response: (info: Record<string, unknown>) => void | Promise<void>;
  on_session_start: (info: { sessionId: string }) => void | Promise<void>;
  on_session_end: (info: { sessionId: string }) => void | Promise<void>;
  pre_llm_call: (info: Record<string, unknown>) => void | Promise<void>;
  post_llm_call: (info: Record<string, unknown>) => void | Promise<void>;
}

/** Plugin hooks by name. A hook that throws is logged and skipped; the call goes on. */
export class HookBus {
  private readonly hooks = new Map<HookName, HookSignatures[HookName][]>();

  constructor(private readonly logger: Logger) {}

  register<N extends HookName>(name: N, fn: HookSignatures[N]): () => void {
    if (!(HOOK_NAMES as readonly string[]).includes(name)) throw new Error(`Unknown hook "${name}"`);
    const list = this.hooks.get(name) ?? [];
    list.push(fn);
    this.hooks.set(name, list);
    return () => {
      const i = list.indexOf(fn);
      if (i >= 0) list.splice(i, 1);
    };
  }

  has(name: HookName): boolean {
    const list = this.hooks.get(name);
    return list !== undefined && list.length > 0;
  }

  list<N extends HookName>(name: N): HookSignatures[N][] {
    return (this.hooks.get(name) ?? []) as HookSignatures[N][];
  }

  /** Calls every hook of a name in order and returns their results, skipping ones that threw. */
  async run<N extends HookName>(
    name: N,
    ...args: Parameters<HookSignatures[N]>
  ): Promise<Awaited<ReturnType<HookSignatures[N]>>[]> {
    const out: Awaited<ReturnType<HookSignatures[N]>>[] = [];
    for (const fn of [...this.list(name)]) out.push(...(await this.runOne(name, fn, ...args)));
    return out;
  }

  /** Runs one hook; returns its result, or nothing when it threw (logged). */
  async runOne<N extends HookName>(
    name: N,
    fn: HookSignatures[N],
    ...args: Parameters<HookSignatures[N]>
  ): Promise<Awaited<ReturnType<HookSignatures[N]>>[]> {
    try {
      // TypeScript cannot narrow a union of function types by a generic key.
      const call = fn as unknown as (...a: Parameters<HookSignatures[N]>) => ReturnType<HookSignatures[N]>;
      return [await call(...args)];
    } catch (err) {
      this.logger.warn(
        `Hook ${name} threw and was skipped: ${err instanceof Error ? err.message : String(err)}`,
      );
      return [];
    }
  }

  /** Fire-and-forget notification hooks; never lets a hook error escape. */
  fire<N extends HookName>(name: N, ...args: Parameters<HookSignatures[N]>): void {
    if (this.has(name)) void this.run(name, ...args);
  }
}
