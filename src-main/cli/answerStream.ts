import type { AgentEvent } from '../../src-shared/agentEvents';
import type { AgentEventListener } from '../agent/events';
import type { TurnResult } from '../agent/agent';
import { writeLine, type Io } from './args';

/**
 * The model's words on stdout as they arrive when someone watches stdout (a terminal), else
 * the answer once the turn ends, as `-q` prints it. Activity lines on stderr start on a line
 * of their own even when the words stopped mid-line.
 */
export class AnswerStream {
  private streamed = false;
  private midLine = false;

  constructor(private readonly io: Io) {}

  private get live(): boolean {
    return (this.io.stdout as { isTTY?: boolean }).isTTY === true;
  }

  /** Passes every event on to `activity`, writing the top-level agent's words itself. */
  wrap(activity: AgentEventListener): AgentEventListener {
    return (event: AgentEvent) => {
      if (event.type === 'assistant_delta' && event.depth === 0 && this.live) {
        if (event.text === '') return;
        this.io.stdout.write(event.text);
        this.streamed = true;
        this.midLine = !event.text.endsWith('\n');
        return;
      }
      this.endLine();
      activity(event);
    };
  }

  /** After a turn: its answer, unless its words were already shown. */
  finish(result: Pick<TurnResult, 'text'>): void {
    if (!this.streamed && result.text) writeLine(this.io.stdout, result.text);
    this.endLine();
    this.streamed = false;
  }

  private endLine(): void {
    if (!this.midLine) return;
    this.io.stdout.write('\n');
    this.midLine = false;
  }
}
