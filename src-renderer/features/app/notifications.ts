import { onEvent } from '../../api/client';
import { readStored, writeStored } from '../../state/webStorage';
import { useChat } from '../chat/chatStore';
import { useSessions } from '../sessions/sessionsStore';
import { useSettings } from '../settings/settingsStore';
import { notificationText, shouldNotify, type Attention } from './attention';

/** Set once the page has asked for permission, so it never asks again. */
const ASKED_KEY = 'caduceus.notifications.asked';

function supported(): boolean {
  return typeof window.Notification === 'function';
}

/** Asks for permission once, from the person's first click (browsers refuse it otherwise). */
function askOnFirstClick(): () => void {
  const ask = () => {
    if (!supported() || Notification.permission !== 'default') return;
    if (readStored(() => localStorage, ASKED_KEY)) return;
    writeStored(() => localStorage, ASKED_KEY, '1');
    void Notification.requestPermission().catch(() => undefined);
  };
  document.addEventListener('click', ask, { once: true, capture: true });
  return () => document.removeEventListener('click', ask, { capture: true });
}

function notify(attention: Attention, turnSeconds?: number): void {
  const settings = useSettings.getState().settings?.notifications;
  const send = shouldNotify({
    enabled: settings?.enabled ?? true,
    focused: document.hasFocus(),
    inView: useChat.getState().sessionId === attention.sessionId,
    kind: attention.kind,
    minTurnSeconds: settings?.min_turn_seconds ?? 30,
    ...(turnSeconds !== undefined ? { turnSeconds } : {}),
  });
  if (!send || !supported() || Notification.permission !== 'granted') return;
  const title = useSessions.getState().sessions.find((s) => s.id === attention.sessionId)?.title ?? 'A chat';
  const { heading, body } = notificationText(attention, title);
  // The desktop app's window shows these as the system's own notifications, as a browser does.
  const note = new Notification(heading, { body, tag: `${attention.sessionId}:${attention.kind}` });
  note.onclick = () => {
    window.focus();
    void useChat.getState().openSession(attention.sessionId);
    note.close();
  };
}

/**
 * System notifications when a session needs a person (an approval, a question, a command
 * waiting for input) or ends a long turn, while the person is not looking at it; clicking one
 * opens that session. Returns the stop.
 */
export function startNotifications(): () => void {
  const startedAt = new Map<string, number>();
  const offs = [
    askOnFirstClick(),
    onEvent('approval.requested', (request) =>
      notify({ sessionId: request.sessionId, kind: 'approval', detail: request.writesTo ?? request.command }),
    ),
    onEvent('terminal.inputWait', (wait) =>
      notify({ sessionId: wait.taskId, kind: 'input', detail: wait.prompt }),
    ),
    onEvent('chat.event', (event) => {
      if (event.type === 'turn.started' || event.type === 'turn.queued') {
        if (!startedAt.has(event.turnId)) startedAt.set(event.turnId, Date.now());
      } else if (event.type === 'clarify.requested') {
        notify({ sessionId: event.sessionId, kind: 'question', detail: event.question });
      } else if (event.type === 'turn.finished') {
        const started = startedAt.get(event.turnId);
        startedAt.delete(event.turnId);
        if (started === undefined || event.status === 'cancelled') return;
        const failed = event.status === 'error';
        notify(
          {
            sessionId: event.sessionId,
            kind: failed ? 'failed' : 'finished',
            detail: failed ? (event.error ?? 'The turn failed.') : 'Its answer is ready.',
          },
          (Date.now() - started) / 1000,
        );
      }
    }),
  ];
  return () => offs.forEach((off) => off());
}
