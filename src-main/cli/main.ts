// Only what every command needs is imported here; each command is loaded when it runs, so
// `caduceus --help` parses almost nothing (heavy integrations load on first use further down).
import { caduceusHome } from '../config/paths';
import type { Services, ServicesOptions } from '../services';
import { UsageError, writeLine, type Io } from './args';
import { exitCodeFor, shutdownSignal, type ShutdownSignal } from '../shutdownSignals';

const USAGE = `Usage: caduceus <command>

  tools list [--toolsets a,b] [--disable c,d] [--json]   tool definitions offered to the model
  toolsets [--json]                                       every toolset and its availability
  call <tool> --args '<json>' [--task <id>]              run one tool, print what the model gets
  chat -q "<prompt>" [--model M] [--base-url URL] [--api-key K] [--provider P] [--toolsets a,b]
       [--backend local|docker|ssh|…] [--approvals ask|deny|allow] [--workspace DIR] [--session ID] [--json]
                                                          one agent turn: activity on stderr, answer on stdout
  sessions list [--limit N] [--all] [--json]              stored sessions, newest first
  sessions show <id> [--json]                             one session as Markdown (or JSON)
  sessions search <query> [--role r] [--limit N] [--json] full-text search over past sessions
  sessions export <id> [--format markdown|json] [-o FILE] export a session
  sessions rename <id> <title> | sessions delete <id>

  serve [--port N] [--base-url URL --model M --api-key K] [--approvals ask|deny|allow]
                                                          the app's UI in a browser on 127.0.0.1
  approval check --jsonl                                  judge commands read as JSON Lines on stdin

Config home: $CADUCEUS_HOME (default ~/.caduceus), holding config.yaml.`;

/** `stop` fires on SIGINT, SIGTERM or SIGHUP; services are shut down after the command returns. */
type Command = (services: Services, argv: string[], io: Io, stop: AbortSignal) => Promise<number>;
type Standalone = (argv: string[], io: Io, stop: AbortSignal) => Promise<number>;
interface LoadedCommand {
  run: Command;
  /** Flags that change how services are built, read before they are. */
  servicesOptions?: (argv: string[]) => Partial<ServicesOptions>;
}
interface CommandEntry {
  load: () => Promise<LoadedCommand>;
  mcp: boolean;
}

/** Commands that build what they need themselves. */
const STANDALONE: Record<string, () => Promise<Standalone>> = {
  serve: async () => (await import('./serveCommand')).serve,
  'approval check': async () => (await import('./approvalCommand')).approvalCheck,
};

const tools = () => import('./toolsCommands');
const sessions = () => import('./sessionsCommands');
const COMMANDS: Record<string, CommandEntry> = {
  'tools list': { load: async () => ({ run: (await tools()).toolsList }), mcp: true },
  toolsets: { load: async () => ({ run: (await tools()).toolsetsList }), mcp: true },
  call: { load: async () => ({ run: (await tools()).callTool }), mcp: true },
  chat: {
    load: async () => {
      const { chat, chatServicesOptions } = await import('./chatCommands');
      return { run: chat, servicesOptions: chatServicesOptions };
    },
    mcp: true,
  },
  'sessions list': { load: async () => ({ run: (await sessions()).sessionsList }), mcp: false },
  'sessions show': { load: async () => ({ run: (await sessions()).sessionsShow }), mcp: false },
  'sessions search': { load: async () => ({ run: (await sessions()).sessionsSearch }), mcp: false },
  'sessions export': { load: async () => ({ run: (await sessions()).sessionsExport }), mcp: false },
  'sessions rename': { load: async () => ({ run: (await sessions()).sessionsRename }), mcp: false },
  'sessions delete': { load: async () => ({ run: (await sessions()).sessionsDelete }), mcp: false },
};

function route(argv: string[]): { command?: CommandEntry; rest: string[] } {
  const two = `${argv[0]} ${argv[1]}`;
  if (COMMANDS[two]) return { command: COMMANDS[two], rest: argv.slice(2) };
  if (argv[0] && COMMANDS[argv[0]]) return { command: COMMANDS[argv[0]], rest: argv.slice(1) };
  return { rest: argv };
}

/** Runs the CLI and returns the exit code; results go to stdout, warnings to stderr. */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    writeLine(argv.length === 0 ? io.stderr : io.stdout, USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const standalone = STANDALONE[`${argv[0]} ${argv[1]}`] ?? STANDALONE[argv[0] ?? ''];
  if (standalone)
    return runStandalone(standalone, argv.slice(STANDALONE[`${argv[0]} ${argv[1]}`] ? 2 : 1), io);
  const { command, rest } = route(argv);
  if (!command) {
    writeLine(io.stderr, `caduceus: unknown command "${argv.join(' ')}"\n\n${USAGE}`);
    return 2;
  }
  let services: Services | undefined;
  const stop = shutdownSignal();
  try {
    const [loaded, { createServices }, { createStderrLogger }, { createTtyApprover }] = await Promise.all([
      command.load(),
      import('../services'),
      import('../runtime/logger'),
      import('../approval/ttyApprover'),
    ]);
    services = await createServices({
      home: caduceusHome(io.env),
      cwd: io.cwd,
      // The folder the command runs in is the workspace of whatever it does.
      workspace: io.cwd,
      env: io.env,
      logger: createStderrLogger(io.env.CADUCEUS_LOG === 'debug' ? 'debug' : 'warn', io.stderr),
      connectMcp: command.mcp,
      // On a terminal a person answers approval prompts; elsewhere prompts are denials.
      ...(io.stdin.isTTY ? { approver: createTtyApprover({ input: io.stdin, output: io.stderr }) } : {}),
      ...loaded.servicesOptions?.(rest),
    });
    return exitCode(await loaded.run(services, rest, io, stop.signal), stop.signal);
  } catch (err) {
    return reportError(err, io);
  } finally {
    // Listening until services are down keeps a second signal from killing the process mid-cleanup.
    await services?.shutdown();
    stop.dispose();
  }
}

async function runStandalone(load: () => Promise<Standalone>, argv: string[], io: Io): Promise<number> {
  const stop = shutdownSignal();
  try {
    const run = await load();
    return exitCode(await run(argv, io, stop.signal), stop.signal);
  } catch (err) {
    return reportError(err, io);
  } finally {
    stop.dispose();
  }
}

/** A command ended by a signal exits as a shell reports it (130 for Ctrl+C, 143 for SIGTERM). */
function exitCode(code: number, stop: AbortSignal): number {
  return stop.aborted ? exitCodeFor(stop.reason as ShutdownSignal) : code;
}

function reportError(err: unknown, io: Io): number {
  if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    writeLine(io.stderr, `caduceus: ${(err as Error).message}`);
    return 2;
  }
  // By name: the config store (and its YAML parser) is not loaded for every command.
  const prefix = (err as Error).name === 'ConfigError' ? 'config error' : 'error';
  writeLine(io.stderr, `caduceus: ${prefix}: ${(err as Error).message}`);
  return 1;
}

function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  };
}
