import { createInterface } from 'node:readline';
import type { AppRoot } from '../appRoot';
import { caduceusHome } from '../config/paths';
import { writeLine, type Io } from './args';
import type { ApprovalsSetting, ChatValues } from './chatOptions';
import { ChatHistory } from './chatHistory';
import { ChatSession } from './chatSession';
import { runSlash, type SlashContext } from './chatSlash';
import { Turns } from './chatTurns';
import { readPrompt } from './replPrompt';

export interface ReplOptions {
  approvals: ApprovalsSetting;
  /** SIGTERM or SIGHUP (and SIGINT when stdin is not a terminal): stop the turn and leave. */
  stop?: AbortSignal;
}

/**
 * `caduceus chat` without `-q`: one session, turn after turn. On a terminal, a prompt with
 * history; Ctrl+C stops the running turn, and a second Ctrl+C in a row (or Ctrl+D) leaves with
 * exit code 0, as leaving an interactive program on purpose is not a failure.
 *
 * Without a terminal on stdin each line is a prompt (and `/command`s work), so a conversation
 * can be piped in (`printf 'a\nb\n' | caduceus chat`) as `llm chat` and shell REPLs allow;
 * there is nobody to answer approvals then, so they are refused as unattended. The exit code
 * is the last turn's, as `-q` gives it.
 */
export async function chatRepl(root: AppRoot, values: ChatValues, io: Io, options: ReplOptions) {
  const opened = await ChatSession.open(root, values, io);
  if (typeof opened === 'string') {
    writeLine(io.stderr, `caduceus: ${opened}`);
    return 1;
  }
  const session = opened;
  const context: SlashContext = {
    session,
    approvals: options.approvals,
    knownToolsets: async () => (await root.runtime.describeToolsets()).map((t) => t.name),
    print: (line) => writeLine(io.stderr, line),
  };
  const tty = io.stdin.isTTY === true;
  const turns = new Turns(io, options.stop);
  try {
    if (tty) {
      banner(session, values, io);
      await interactive(session, context, io, turns);
      return 0;
    }
    return await piped(session, context, io, turns);
  } finally {
    turns.dispose();
    await session.close();
    if (session.stored) writeLine(io.stderr, `session: ${session.id}`);
  }
}

function banner(session: ChatSession, values: ChatValues, io: Io): void {
  const count = session.messageCount;
  const resumed = values.session !== undefined ? ` (resumed, ${count} message${count === 1 ? '' : 's'})` : '';
  // A new session's id is given when it is left: it is stored only once a turn starts.
  const which = values.session !== undefined ? `session ${session.id}${resumed}` : 'new session';
  writeLine(io.stderr, `caduceus chat · model ${session.model} · ${which}`);
  writeLine(io.stderr, '/help lists commands; Ctrl+C stops a turn, Ctrl+C twice or Ctrl+D leaves.');
}

async function interactive(session: ChatSession, context: SlashContext, io: Io, turns: Turns) {
  const history = await ChatHistory.load(caduceusHome(io.env));
  try {
    await prompts(session, context, io, turns, history);
  } finally {
    await history.flushed();
  }
}

async function prompts(
  session: ChatSession,
  context: SlashContext,
  io: Io,
  turns: Turns,
  history: ChatHistory,
) {
  while (!turns.stopped) {
    const read = await readPrompt(io, history, turns.promptSignal());
    if (read.kind === 'end') return;
    if (read.kind === 'interrupt') {
      // Ctrl+C with text typed drops the text; on an empty line it arms, and armed it leaves.
      if (read.hadText) continue;
      if (turns.armed) return;
      turns.armed = true;
      writeLine(io.stderr, '(Ctrl+C again or Ctrl+D leaves)');
      continue;
    }
    turns.armed = false;
    const line = read.line.trim();
    if (line === '') continue;
    if (line.startsWith('/')) {
      if ((await runSlash(line, context)) === 'exit') return;
      continue;
    }
    await turns.run(session, line, io);
  }
}

async function piped(session: ChatSession, context: SlashContext, io: Io, turns: Turns) {
  const rl = createInterface({ input: io.stdin, terminal: false });
  // Stopped while waiting for the next line: no more lines are read.
  turns.onStop(() => rl.close());
  let code = 0;
  try {
    for await (const raw of rl) {
      const line = raw.trim();
      if (turns.stopped) break;
      if (line === '') continue;
      if (line.startsWith('/')) {
        if ((await runSlash(line, context)) === 'exit') break;
        continue;
      }
      code = await turns.run(session, line, io);
    }
  } finally {
    rl.close();
  }
  return code;
}
