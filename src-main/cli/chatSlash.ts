import { ApproverModeSchema, type ApproverMode } from '../approval/asking';
import { csv } from './args';
import type { ApprovalsSetting } from './chatOptions';
import type { ChatSession } from './chatSession';
import { closest } from './suggest';

/** What a slash command acts on. */
export interface SlashContext {
  session: ChatSession;
  approvals: ApprovalsSetting;
  /** Toolsets this process knows, to check a name typed in `/toolsets`. */
  knownToolsets: () => Promise<string[]>;
  print(line: string): void;
}

export interface SlashCommand {
  name: string;
  args?: string;
  help: string;
  /** 'exit' ends the interactive session. */
  run(context: SlashContext, arg: string): Promise<'exit' | void>;
}

const APPROVALS = ApproverModeSchema.options;

/** One entry per command: `/help` lists them in this order. */
export const SLASH_COMMANDS: SlashCommand[] = [
  {
    name: 'model',
    args: '[NAME]',
    help: 'show the model, or use NAME from the next turn on',
    async run({ session, print }, arg) {
      if (arg === '') return print(`model: ${session.model}`);
      const problem = await session.setModel(arg);
      print(problem ? `caduceus: cannot use model "${arg}": ${problem}` : `model: ${session.model}`);
    },
  },
  {
    name: 'toolsets',
    args: '[a,b|all]',
    help: "show this session's toolsets, or set them",
    async run({ session, knownToolsets, print }, arg) {
      const names = csv(arg) ?? [];
      if (arg === 'all') await session.setToolsets(undefined);
      else if (names.length > 0) {
        const known = await knownToolsets();
        const unknown = names.filter((n) => !known.includes(n));
        if (unknown.length > 0) {
          const hints = unknown.map((n) => {
            const guess = closest(n, known);
            return guess ? `"${n}" (did you mean "${guess}"?)` : `"${n}"`;
          });
          return print(`caduceus: unknown toolset ${hints.join(', ')}; known: ${known.join(', ')}`);
        }
        await session.setToolsets(names);
      }
      const now = session.toolsets;
      print(`toolsets: ${now === undefined ? 'all' : now.join(', ') || '(none)'}`);
    },
  },
  {
    name: 'approvals',
    args: '[ask|deny|allow]',
    help: 'show or set who answers approval questions',
    async run({ approvals, print }, arg) {
      if (arg !== '') {
        if (!APPROVALS.includes(arg as ApproverMode))
          return print(`caduceus: /approvals takes one of ${APPROVALS.join(', ')}`);
        approvals.mode = arg as ApproverMode;
      }
      print(`approvals: ${approvals.mode ?? 'ask'}`);
    },
  },
  {
    name: 'new',
    help: 'start a new session',
    async run({ session, print }) {
      // The id of the session left, to resume it later; the new one is named when it is left.
      if (session.stored) print(`session: ${session.id}`);
      await session.renew();
      print('new session');
    },
  },
  {
    name: 'help',
    help: 'list these commands',
    async run({ print }) {
      for (const c of SLASH_COMMANDS) print(`  /${`${c.name} ${c.args ?? ''}`.padEnd(24)} ${c.help}`);
      print('  Ctrl+C stops a turn; Ctrl+C twice, Ctrl+D or /exit leaves.');
    },
  },
  { name: 'exit', help: 'leave (the session is kept: resume it with --session)', run: async () => 'exit' },
];

/** Runs `/name arg`; an unknown name gets the nearest known one. */
export async function runSlash(line: string, context: SlashContext): Promise<'exit' | void> {
  const [, name = '', arg = ''] = /^\/(\S*)\s*(.*)$/.exec(line.trim()) ?? [];
  const command =
    SLASH_COMMANDS.find((c) => c.name === name) ?? (name === 'quit' ? exitCommand() : undefined);
  if (command) return command.run(context, arg.trim());
  const guess = closest(
    name,
    SLASH_COMMANDS.map((c) => c.name),
  );
  context.print(
    `caduceus: unknown command /${name}.${guess ? ` Did you mean /${guess}?` : ''} /help lists them.`,
  );
}

function exitCommand(): SlashCommand | undefined {
  return SLASH_COMMANDS.find((c) => c.name === 'exit');
}
