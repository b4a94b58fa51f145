import { watchForInputWait } from './inputWait';
import type { InputWaitInfo } from './service';
import type { ProcessHandle } from './types';

interface Waiting {
  handle: ProcessHandle;
  prompt: string | undefined;
  answered: boolean;
}

/** What the model learns about a hand-over; never what was typed (it may be a password). */
export function handedOverNote(w: { prompt: string; answered: boolean }): string {
  return w.answered
    ? `[The command waited for input (${JSON.stringify(w.prompt)}) and was handed to the user in the terminal, who answered it. What they typed is not shown.]`
    : `[The command waited for input (${JSON.stringify(w.prompt)}) and was handed to the user in the terminal; no answer was typed.]`;
}

/**
 * Foreground commands handed to a person once they wait for input: the UI is told (its
 * terminal tab comes to the front) and what the person types goes to that command only.
 */
export class HandOvers {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly notify?: (info: InputWaitInfo) => void) {}

  watch(handle: ProcessHandle, tags: { streamId: string; taskId: string; toolCallId: string }) {
    const entry: Waiting = { handle, prompt: undefined, answered: false };
    this.waiting.set(tags.streamId, entry);
    const unwatch = watchForInputWait(handle, (prompt) => {
      entry.prompt = prompt;
      this.notify?.({ ...tags, prompt });
    });
    return {
      /** Stops watching; what the model should be told, if the command ever waited. */
      finish: (): { prompt: string; answered: boolean } | undefined => {
        unwatch();
        this.waiting.delete(tags.streamId);
        return entry.prompt === undefined ? undefined : { prompt: entry.prompt, answered: entry.answered };
      },
    };
  }

  write(streamId: string, data: string): boolean {
    const entry = this.waiting.get(streamId);
    // Only once the command has asked: typing at a running command is not a hand-over.
    if (!entry || entry.prompt === undefined) return false;
    entry.handle.write(data);
    entry.answered = true;
    return true;
  }
}
