import type { ToolRegistry } from '../runtime/registry';
import type { Workspaces } from '../workspace/workspaces';
import { toolError } from '../runtime/errors';
import type { CheckFn, Logger, ToolArgs, ToolContext, ToolOutcome, ToolSpec } from '../runtime/types';
import type { BrowserPool } from './browser/pool';
import type { VisionService } from './media/vision';
import type { CronService } from './services/cron';
import type { TerminalService } from '../terminal/service';
import type { SandboxEscalation } from '../sandbox/escalation';
import type { ReadPolicy } from '../sandbox/readPolicy';
import type { CommandGate } from '../approval/gate';
import type { EgressPolicy } from '../sandbox/egress';

export type { CommandCheck, CommandDecision, CommandGate } from '../approval/gate';

/**
 * What a tool module receives when discovery loads it. Services a tool family needs (terminal
 * manager, approval gate, browser pool, ...) arrive here; a family whose service is missing
 * registers its tools as unavailable.
 */
export interface ToolModuleContext {
  registry: Pick<ToolRegistry, 'register' | 'callableFromScripts'>;
  logger: Logger;
  services: ToolServices;
}

/**
 * Each member is optional because the tool families that need it check for it and register
 * as unavailable without it: a test loads one family with just what that family needs. Every
 * host gives all but two of them (`HostToolServices`).
 */
export interface ToolServices {
  /** Environment the tools read keys and base URLs from; defaults to process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** An agent loop runs here and answers todo, memory, session_search, delegate_task and clarify. */
  readonly agentLoop?: boolean;
  /** $CADUCEUS_HOME: skills live in `<home>/skills`, generated media in `<home>/media`. */
  readonly home?: string;
  /** Browser processes for the browser tools; whoever creates it calls `closeAll()` on shutdown. */
  readonly browser?: BrowserPool;
  /** A model that takes image input, for vision_analyze and browser_vision. */
  readonly vision?: VisionService;
  /** Asks the user before a tool acts on the world (ha_call_service); false means denied. */
  readonly approve?: (description: string) => Promise<boolean>;
  /** Schedules prompts for the cronjob tool; its host runs them while the app is open. */
  readonly cron?: CronService;
  /**
   * Per-task environments, commands and background processes (terminal, process, file tools).
   * Settings may replace it at run time: read it at each call, never keep it.
   */
  readonly terminal?: TerminalService;
  /** Each task's workspace and write roots; without it the file tools do not check where writes land. */
  readonly workspaces?: Workspaces;
  /**
   * Files whose content reaches the model only with a person's yes (credentials, keys,
   * histories). Without it the tools judge by the default list under $HOME and `home`.
   */
  readonly readPolicy?: ReadPolicy;
  /** The approval gate; every command a tool runs passes it first. Without it no command runs. */
  readonly commandGate?: CommandGate;
  /**
   * Where the app's own fetches (web, browser, image URLs) may go; without it no loopback,
   * private or link-local host is reachable.
   */
  readonly egress?: EgressPolicy;
  /** Asks a person to let a command the sandbox refused run outside it (or reach a host). */
  readonly sandboxEscalation?: SandboxEscalation;
  /**
   * Runs another tool by name, as the runtime's handleFunctionCall does; execute_code's scripts
   * call tools through it. It should refuse tools the session was not offered.
   */
  readonly dispatchTool?: (name: string, args: ToolArgs, ctx: ToolContext) => Promise<ToolOutcome>;
}

/**
 * What the composition root gives in every host: everything but two. The cron scheduler runs
 * only in a UI host (the CLI exits when its command is done, so nothing would fire), and vision
 * exists only when a model was configured at start.
 */
export type HostToolServices = Required<Omit<ToolServices, 'cron' | 'vision'>> &
  Pick<ToolServices, 'cron' | 'vision'>;

export function envOf(services: ToolServices): NodeJS.ProcessEnv {
  return services.env ?? process.env;
}

export interface ToolModule {
  registerTools(ctx: ToolModuleContext): void;
}

/** Check for a tool family whose handler this build does not ship yet: never offered. */
export function notInThisBuild(family: string): CheckFn {
  return () => `${family} tools are not available in this build yet`;
}

/** Handler for the same case, in case a caller dispatches the tool anyway. */
export function unavailableHandler(name: string) {
  return () => toolError(`${name} is not available in this build yet`);
}

/** Registers a family of tools that all wait on the same missing piece. */
export function registerUnavailable(
  ctx: ToolModuleContext,
  family: string,
  specs: Omit<ToolSpec, 'handler' | 'checkFn'>[],
): void {
  const check = notInThisBuild(family);
  for (const spec of specs)
    ctx.registry.register({ ...spec, checkFn: check, handler: unavailableHandler(spec.name) });
}
