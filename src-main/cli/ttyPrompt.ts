import { createInterface } from 'node:readline/promises';
import type { Clarifier } from '../agent/clarify';
import type { Io } from './args';

function isTty(stream: NodeJS.ReadableStream): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

/** Asks clarify questions on the terminal; without a TTY there is nobody to ask. */
export function ttyClarifier(io: Io): Clarifier | undefined {
  if (!isTty(io.stdin)) return undefined;
  return async (request, signal) => {
    const rl = createInterface({ input: io.stdin, output: io.stderr });
    try {
      const choices = request.choices.map((c, i) => `  ${i + 1}. ${c}\n`).join('');
      const raw = (await rl.question(`❓ ${request.question}\n${choices}> `, { signal })).trim();
      const picked = /^\d+$/.test(raw) ? request.choices[Number(raw) - 1] : undefined;
      return picked ?? (raw || null);
    } catch {
      return null;
    } finally {
      rl.close();
    }
  };
}
