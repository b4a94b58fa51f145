/** Asks on a terminal: `[o]nce [s]ession [h]our [a]lways [D]eny`. Enter, Escape, end of input and abort all deny. */
import type { Readable, Writable } from 'node:stream';
import type { GateQuestion, Approver, ApproverAnswer } from '../gate/gateTypes';

export interface TtyApproverOptions {
  input: Readable;
  output: Writable;
}

const ANSWERS: Record<string, ApproverAnswer> = {
  o: 'once',
  once: 'once',
  s: 'session',
  session: 'session',
  h: 'hour',
  hour: 'hour',
  a: 'always',
  always: 'always',
  d: 'deny',
  deny: 'deny',
  n: 'deny',
  no: 'deny',
};

/** Control characters shown as `^X`: the model's text must not move the cursor or erase the question. */
function visible(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) =>
    c.charCodeAt(0) < 0x20 ? `^${String.fromCharCode(c.charCodeAt(0) + 64)}` : '^?',
  );
}

function describe(req: GateQuestion): string {
  const what =
    req.writesTo !== undefined ? ' write to' : req.subjectKind && req.subjectKind !== 'command' ? '' : ' run';
  const lines = [
    '',
    `Approval needed (${req.id.slice(0, 8)}): the agent wants to${what}`,
    `  ${visible(req.writesTo ?? req.command)}`,
  ];
  // The content or diff a skill or memory change would write, each line marked as quoted.
  if (req.detail)
    lines.push(
      ...req.detail
        .replace(/\n$/, '')
        .split('\n')
        .map((l) => `  | ${visible(l)}`),
    );
  for (const r of req.verdict.reasons) lines.push(`  - ${r}`);
  lines.push(
    req.alwaysKeys.length > 0
      ? `  "always" would allow from now on: ${req.alwaysKeys.join(', ')}`
      : '  ("always" cannot store these findings; it counts as "session")',
  );
  if (req.timeoutSeconds > 0) lines.push(`  No answer in ${req.timeoutSeconds}s denies.`);
  return lines.join('\n') + '\n[o]nce [s]ession [h]our [a]lways [D]eny: ';
}

/** Reads one line; null when the input ends or the signal aborts first. */
function readLine(input: Readable, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve) => {
    let buffer = '';
    const done = (line: string | null): void => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('close', onEnd);
      signal.removeEventListener('abort', onAbort);
      input.pause();
      resolve(line);
    };
    const onData = (chunk: Buffer | string): void => {
      buffer += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      const nl = buffer.indexOf('\n');
      if (nl === -1) return;
      const rest = buffer.slice(nl + 1);
      done(buffer.slice(0, nl).replace(/\r$/, ''));
      // Typed-ahead text goes back for the next prompt, after this one stopped listening.
      if (rest !== '') input.unshift(Buffer.from(rest, 'utf8'));
    };
    const onEnd = (): void => done(null);
    const onAbort = (): void => done(null);
    if (signal.aborted || input.readableEnded || input.destroyed) {
      resolve(null);
      return;
    }
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('close', onEnd);
    signal.addEventListener('abort', onAbort, { once: true });
    input.resume();
  });
}

export function createTtyApprover({ input, output }: TtyApproverOptions): Approver {
  // One prompt at a time: concurrent requests queue instead of sharing a line.
  let queue: Promise<unknown> = Promise.resolve();
  const ask = async (req: GateQuestion, signal: AbortSignal): Promise<ApproverAnswer> => {
    if (signal.aborted) return 'closed';
    output.write(describe(req));
    const line = await readLine(input, signal);
    if (line === null) {
      output.write('\n');
      return 'closed';
    }
    if (line.includes('\x1b')) return 'escape';
    const answer = ANSWERS[line.trim().toLowerCase()] ?? 'deny';
    return answer === 'always' && req.alwaysKeys.length === 0 ? 'session' : answer;
  };
  return {
    request(req, signal) {
      const result = queue.then(() => ask(req, signal));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
