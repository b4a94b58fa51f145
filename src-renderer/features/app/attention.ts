import type { SessionRunState, SessionSummary } from '../../../src-shared/ipc/chatSchemas';

/** The sessions waiting for a person: main's states, and every pending approval's session. */
export function waitingSessions(
  sessions: readonly SessionSummary[],
  states: Record<string, SessionRunState>,
  approvalSessions: readonly string[],
): Set<string> {
  const out = new Set(approvalSessions);
  for (const s of sessions) if ((states[s.id] ?? s.state) === 'waiting') out.add(s.id);
  for (const [id, state] of Object.entries(states)) if (state === 'waiting') out.add(id);
  return out;
}

/** The window's title: the count of sessions waiting for a person comes first, as mail's unread count does. */
export function windowTitle(waiting: number): string {
  return waiting > 0 ? `(${waiting}) Caduceus` : 'Caduceus';
}

export interface Attention {
  sessionId: string;
  /** Why the session needs a person, or what it finished. */
  kind: 'approval' | 'question' | 'input' | 'finished' | 'failed';
  detail: string;
}

/** The notification's heading and text. */
export function notificationText(attention: Attention, title: string): { heading: string; body: string } {
  const heading = {
    approval: 'Approval needed',
    question: 'A question for you',
    input: 'A command waits for your input',
    finished: 'Answer ready',
    failed: 'The turn failed',
  }[attention.kind];
  return { heading: `${heading}: ${title}`, body: attention.detail };
}

/**
 * Whether to notify: only when notifications are on and the person cannot see the session (the
 * window is not focused, or another session is in view); a finished turn only when it took at
 * least the threshold, as a short one is seen as it ends.
 */
export function shouldNotify(input: {
  enabled: boolean;
  focused: boolean;
  inView: boolean;
  kind: Attention['kind'];
  turnSeconds?: number;
  minTurnSeconds: number;
}): boolean {
  if (!input.enabled || (input.focused && input.inView)) return false;
  if (input.kind === 'finished' || input.kind === 'failed')
    return (input.turnSeconds ?? 0) >= input.minTurnSeconds;
  return true;
}
