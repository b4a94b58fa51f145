// Only what every command needs is imported here; each command is loaded when it runs, so
// `caduceus --help` parses almost nothing (heavy integrations load on first use further down).
import { caduceusHome } from '../config/paths';
import type { AppRoot, AppRootOptions } from '../appRoot';
import { UsageError, writeLine, type Io } from './args';
import { closest, cliVersion } from './suggest';
import { exitCodeFor, shutdownSignal, type ShutdownSignal } from '../shutdownSignals';

const USAGE = `Usage: caduceus <command>

  tools list [--toolsets a,b] [--disable c,d] [--json]   tool definitions offered to the model
  toolsets [--json]                                       every toolset and its availability
  call <tool> --args '<json>' [--task <id>]              run one tool, print what the model gets
  chat [-q "<prompt>"] [--model M] [--base-url URL] [--api-key K] [--provider P] [--toolsets a,b]
       [--backend local|docker|ssh|…] [--approvals ask|deny|allow] [--workspace DIR] [--worktree] [--session ID] [--json]
                                                          one agent turn: activity on stderr, answer on stdout;
                                                          without -q, a session: /help at its prompt lists
                                                          /model, /toolsets, /approvals, /new, /exit; Ctrl+C
                                                          stops a turn, twice (or Ctrl+D) leaves
  sessions list [--limit N] [--all] [--json]              stored sessions, newest first
  sessions show <id> [--json]                             one session as Markdown (or JSON)
  sessions search <query> [--role r] [--limit N] [--json] full-text search over past sessions
  sessions export <id> [--format markdown|json] [-o FILE] export a session
  sessions rename <id> <title> | sessions delete <id> [--yes]
  sessions merge <id> [--into BRANCH] [--json]           merge a worktree session's branch locally

  serve [--port N] [--new-token] [--base-url URL --model M --api-key K] [--approvals ask|deny|allow]
                                                          the app's UI in a browser on 127.0.0.1
  approval check --jsonl                                  judge commands read as JSON Lines on stdin
  approvals log [--session ID] [--decided-by WHO] [--search T] [--json]
                                                          every approval decision, newest first
  approvals grants [--json]                               grants in force, with their keys
  approvals revoke KEY                                    end a grant; the next command asks again
  checkpoints list [--session ID | --workspace DIR] [--json]
                                                          workspace checkpoints, newest first
  checkpoints diff <id> [--file PATH] [--json]            what changed in the workspace since a checkpoint
  checkpoints restore <id> [--file PATH]                  put the workspace (or one file) back; undoable
  checkpoints take [--workspace DIR] [--session ID] [--turn N] [--label TEXT] [--json]
                                                          checkpoint a workspace now
  checkpoints prune                                       drop checkpoints past retention
  mcp login <server> [--client-secret-stdin]              OAuth sign-in to an HTTP MCP server (browser)
  mcp logout <server>                                     forget its tokens and registered client

  Commands that connect MCP servers take --elicitation ask|defaults|decline: how a server's
  form requests are answered (ask on a TTY; without one, or with --approvals deny, decline).

Config home: $CADUCEUS_HOME (default ~/.caduceus), holding config.yaml.`;

/** `stop` fires on SIGINT, SIGTERM or SIGHUP; the composition root is shut down after the command returns. */
type Command = (root: AppRoot, argv: string[], io: Io, stop: AbortSignal) => Promise<number>;
type Standalone = (argv: string[], io: Io, stop: AbortSignal) => Promise<number>;
interface LoadedCommand {
  run: Command;
  /** Flags that change how the composition root is built, read before it is. */
  rootOptions?: (argv: string[]) => Partial<AppRootOptions>;
  /** The command handles Ctrl+C itself (an interactive chat stops the turn and goes on). */
  handlesInterrupt?: (argv: string[], io: Io) => boolean;
}
interface CommandEntry {
  load: () => Promise<LoadedCommand>;
  mcp: boolean;
  /** Reads the secret store (the saved API key, MCP tokens): opening it starts the keychain. */
  secrets?: boolean;
}

const checkpoints = () => import('./checkpointsCommands');

/** Commands that build what they need themselves. */
const STANDALONE: Record<string, () => Promise<Standalone>> = {
  serve: async () => (await import('./serveCommand')).serve,
  'approval check': async () => (await import('./approvalCommand')).approvalCheck,
  'checkpoints list': async () => (await checkpoints()).checkpointsList,
  'checkpoints diff': async () => (await checkpoints()).checkpointsDiff,
  'checkpoints restore': async () => (await checkpoints()).checkpointsRestore,
  'checkpoints take': async () => (await checkpoints()).checkpointsTake,
  'checkpoints prune': async () => (await checkpoints()).checkpointsPrune,
};

const tools = () => import('./toolsCommands');
const sessions = () => import('./sessionsCommands');
const mcp = () => import('./mcpCommands');
const approvals = () => import('./approvalsCommands');
const mcpCommand = (run: (root: AppRoot, argv: string[], io: Io) => Promise<number>) => ({
  run: (root: AppRoot, argv: string[], io: Io) => run(root, argv, io),
});
const COMMANDS: Record<string, CommandEntry> = {
  'tools list': { load: async () => ({ run: (await tools()).toolsList }), mcp: true, secrets: true },
  toolsets: { load: async () => ({ run: (await tools()).toolsetsList }), mcp: true, secrets: true },
  call: { load: async () => ({ run: (await tools()).callTool }), mcp: true, secrets: true },
  chat: {
    load: async () => {
      const { chat, chatRootOptions, chatHandlesInterrupt } = await import('./chatCommands');
      return { run: chat, rootOptions: chatRootOptions, handlesInterrupt: chatHandlesInterrupt };
    },
    mcp: true,
    secrets: true,
  },
  // Without the stop signal: their fourth parameter is the browser opener.
  'mcp login': { load: async () => mcpCommand((await mcp()).mcpLogin), mcp: false, secrets: true },
  'mcp logout': { load: async () => mcpCommand((await mcp()).mcpLogout), mcp: false, secrets: true },
  'sessions list': { load: async () => ({ run: (await sessions()).sessionsList }), mcp: false },
  'sessions show': { load: async () => ({ run: (await sessions()).sessionsShow }), mcp: false },
  'sessions search': { load: async () => ({ run: (await sessions()).sessionsSearch }), mcp: false },
  'sessions export': { load: async () => ({ run: (await sessions()).sessionsExport }), mcp: false },
  'sessions rename': { load: async () => ({ run: (await sessions()).sessionsRename }), mcp: false },
  'sessions delete': { load: async () => ({ run: (await sessions()).sessionsDelete }), mcp: false },
  'sessions merge': { load: async () => ({ run: (await sessions()).sessionsMerge }), mcp: false },
  'approvals log': { load: async () => ({ run: (await approvals()).approvalsLog }), mcp: false },
  'approvals grants': { load: async () => ({ run: (await approvals()).approvalsGrants }), mcp: false },
  'approvals revoke': { load: async () => ({ run: (await approvals()).approvalsRevoke }), mcp: false },
};

function route(argv: string[]): { command?: CommandEntry; rest: string[] } {
  const two = `${argv[0]} ${argv[1]}`;
  if (COMMANDS[two]) return { command: COMMANDS[two], rest: argv.slice(2) };
  if (argv[0] && COMMANDS[argv[0]]) return { command: COMMANDS[argv[0]], rest: argv.slice(1) };
  return { rest: argv };
}

const NAMES = [...Object.keys(COMMANDS), ...Object.keys(STANDALONE)];
const FLAGS = [...new Set(USAGE.match(/--[a-z][a-z-]*/g) ?? [])];

/** The usage lines of one command (`chat`, `sessions`, …): the line naming it and its continuations. */
function usageOf(name: string): string | undefined {
  const lines = USAGE.split('\n');
  const out: string[] = [];
  let inside = false;
  for (const line of lines) {
    if (/^ {2}\S/.test(line)) inside = line.trimStart().startsWith(`${name} `) || line.trim() === name;
    else if (line.trim() === '') inside = false;
    if (inside) out.push(/^ {2}\S/.test(line) ? `  caduceus ${line.trimStart()}` : line);
  }
  return out.length > 0 ? `Usage:\n${out.join('\n')}` : undefined;
}

function unknownCommand(argv: string[]): string {
  const typed = argv.slice(0, 2).join(' ');
  const guess =
    closest(typed, NAMES) ?? closest(argv[0] ?? '', [...new Set(NAMES.map((n) => n.split(' ')[0] ?? n))]);
  const hint = guess ? ` Did you mean "${guess}"?` : '';
  return `caduceus: unknown command "${argv.join(' ')}".${hint}\nRun \`caduceus --help\` for the list of commands.`;
}

/** Runs the CLI and returns the exit code; results go to stdout, warnings to stderr. */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    writeLine(argv.length === 0 ? io.stderr : io.stdout, USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] === '--version' || argv[0] === '-V' || argv[0] === 'version') {
    writeLine(io.stdout, `caduceus ${cliVersion()}`);
    return 0;
  }
  if (argv.includes('--help') || argv.includes('-h')) {
    const help = usageOf(argv[0] ?? '');
    if (help) {
      writeLine(io.stdout, help);
      return 0;
    }
  }
  const standalone = STANDALONE[`${argv[0]} ${argv[1]}`] ?? STANDALONE[argv[0] ?? ''];
  if (standalone)
    return runStandalone(standalone, argv.slice(STANDALONE[`${argv[0]} ${argv[1]}`] ? 2 : 1), io);
  const { command, rest: routed } = route(argv);
  if (!command) {
    writeLine(io.stderr, unknownCommand(argv));
    return 2;
  }
  let root: AppRoot | undefined;
  let stop: ReturnType<typeof shutdownSignal> | undefined;
  try {
    const [
      loaded,
      { createAppRoot },
      { createStderrLogger },
      { createTtyApprover },
      { takeElicitation, personAtTerminal },
      { printingOpener },
    ] = await Promise.all([
      command.load(),
      import('../appRoot'),
      import('../runtime/logger'),
      import('../approval/asking'),
      import('./elicitationFlag'),
      import('./mcpCommands'),
    ]);
    const { elicit, rest } = command.mcp ? takeElicitation(routed, io) : { elicit: undefined, rest: routed };
    // Before this nothing has started that a signal's default exit would leave behind.
    stop = shutdownSignal(loaded.handlesInterrupt?.(rest, io) ? ['SIGINT'] : []);
    const stored = command.secrets ? await openHostSecrets(io) : {};
    // On a terminal a server asking for more access mid-call sends the person to its sign-in
    // page; without one (a script, cron, `--approvals deny`) that call fails and says how to sign in.
    const signInOpener =
      command.mcp && personAtTerminal(routed, io) ? printingOpener(io, 'an MCP server asks for') : undefined;
    root = await createAppRoot({
      home: caduceusHome(io.env),
      cwd: io.cwd,
      // The folder the command runs in is the workspace of whatever it does.
      workspace: io.cwd,
      env: io.env,
      logger: createStderrLogger(io.env.CADUCEUS_LOG === 'debug' ? 'debug' : 'warn', io.stderr),
      connectMcp: command.mcp,
      ...stored,
      mcpClient: {
        ...stored.mcpClient,
        ...(elicit ? { elicit } : {}),
        ...(signInOpener ? { signInOpener } : {}),
      },
      // On a terminal a person answers approval prompts; elsewhere prompts are denials, and a
      // command waiting for input is ended rather than left to its timeout.
      ...(io.stdin.isTTY
        ? { approver: createTtyApprover({ input: io.stdin, output: io.stderr }) }
        : { inputWait: 'end' as const }),
      ...loaded.rootOptions?.(rest),
    });
    return exitCode(await loaded.run(root, rest, io, stop.signal), stop.signal);
  } catch (err) {
    return reportError(err, io);
  } finally {
    // Listening until the root is down keeps a second signal from killing the process mid-cleanup.
    await root?.shutdown();
    stop?.dispose();
  }
}

/** The OS keychain, else the 0600 file (`mcp login` says which), and the key saved in Settings. */
async function openHostSecrets(io: Io): Promise<Partial<AppRootOptions>> {
  const [{ openSecretStore }, { API_KEY_SECRET }] = await Promise.all([
    import('../config/keychain/open'),
    import('../config/secrets'),
  ]);
  const secrets = await openSecretStore(caduceusHome(io.env), { env: io.env });
  return { storedApiKey: () => secrets.get(API_KEY_SECRET), mcpClient: { secrets } };
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
    writeLine(io.stderr, `caduceus: ${(err as Error).message}${flagHint(err as Error)}`);
    return 2;
  }
  // By name: the config store (and its YAML parser) is not loaded for every command.
  const prefix = (err as Error).name === 'ConfigError' ? 'config error' : 'error';
  writeLine(io.stderr, `caduceus: ${prefix}: ${(err as Error).message}`);
  return 1;
}

/** For node's "Unknown option '--modle'": the nearest flag the CLI knows. */
function flagHint(err: Error): string {
  const typed = /Unknown option '(--?[\w-]+)'/.exec(err.message)?.[1];
  const guess = typed ? closest(typed, FLAGS) : undefined;
  return guess ? `\nDid you mean ${guess}?` : '';
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
