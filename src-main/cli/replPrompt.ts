import { createInterface } from 'node:readline';
import type { Io } from './args';
import type { ChatHistory } from './chatHistory';

export const PROMPT = '› ';

export type PromptRead =
  | { kind: 'line'; line: string }
  /** Ctrl+C at the prompt (or SIGINT while it waits); `hadText` when a line was being typed. */
  | { kind: 'interrupt'; hadText: boolean }
  /** Ctrl+D on an empty line, or the end of input. */
  | { kind: 'end' };

/**
 * Reads one line with editing and `history` (up and down arrows), then closes
 * the interface: while a turn runs the terminal is back in cooked mode, so approval prompts,
 * clarify questions and MCP forms read it as they do for `-q`, and Ctrl+C is a signal.
 */
export function readPrompt(io: Io, history: ChatHistory, signal: AbortSignal): Promise<PromptRead> {
  return new Promise((resolve) => {
    const rl = createInterface({
      input: io.stdin,
      output: io.stderr,
      terminal: true,
      prompt: PROMPT,
      history: [...history.lines],
      historySize: 1000,
      removeHistoryDuplicates: true,
    });
    let settled = false;
    const finish = (read: PromptRead, echo = '') => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (echo) io.stderr.write(echo);
      rl.close();
      resolve(read);
    };
    const onAbort = () => finish({ kind: 'interrupt', hadText: false }, '\n');
    rl.on('line', (line) => {
      history.add(line);
      finish({ kind: 'line', line });
    });
    rl.on('SIGINT', () => finish({ kind: 'interrupt', hadText: rl.line !== '' }, '^C\n'));
    rl.on('close', () => finish({ kind: 'end' }, '\n'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    rl.prompt();
  });
}
