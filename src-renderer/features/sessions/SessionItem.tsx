import { memo, useState, type Ref } from 'react';
import type { SessionSummary } from '../../../src-shared/ipc/chatSchemas';
import { useApprovals } from '../approvals/approvalsStore';
import { useChat } from '../chat/chatStore';
import { sessionState, useSessions } from './sessionsStore';
import { downloadText } from '../../ui/download';
import { Highlight } from './Highlight';
import { RenameForm } from './RenameForm';
import { IconButton } from '../../ui/IconButton';

type Mode = 'idle' | 'rename' | 'confirm-delete' | 'export';

const STATE_TEXT = {
  running: 'running',
  waiting: 'waiting for you',
  unread: 'new answer',
  failed: 'failed',
  idle: '',
} as const;

/** Made once: toLocale*String builds a formatter on every call, a cost per row of the list. */
let formats: { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat } | undefined;

function when(ms: number): string {
  formats ??= {
    time: new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' }),
    day: new Intl.DateTimeFormat(),
  };
  const date = new Date(ms);
  const today = new Date().toDateString() === date.toDateString();
  return (today ? formats.time : formats.day).format(date);
}

interface Props {
  session: SessionSummary;
  current: boolean;
  /** Its place in the virtual list: the row's index (for measuring) and its offset from the top. */
  index: number;
  top: number;
  ref?: Ref<HTMLLIElement>;
}

/** Words a snippet keeps in front of its first hit, so the hit is on the row's one line. */
const SNIPPET_LEAD = 3;

/** A search hit's snippet with the query's words marked: only rows with one follow the typing. */
function Snippet({ text }: { text: string }) {
  const query = useSessions((s) => s.query);
  return (
    <span className="session-snippet muted" data-testid="session-snippet">
      <Highlight text={text} query={query} lead={SNIPPET_LEAD} />
    </span>
  );
}

/** One row of the session list; drawn again only when its own session or place changes. */
export const SessionItem = memo(function SessionItem({ session, current, index, top, ref }: Props) {
  const [mode, setMode] = useState<Mode>('idle');
  // The actions show only under the pointer, in focus or on the current row, so a row gets them
  // when one of those first happens: a page of rows (the list's first paint, each search) then
  // builds a third of the elements.
  const [armed, setArmed] = useState(false);
  const arm = armed ? undefined : () => setArmed(true);
  /** What deleting would lose in the session's worktree, once main said so. */
  const [risk, setRisk] = useState<string | undefined>(undefined);
  const openSession = useChat((s) => s.openSession);
  const newChat = useChat((s) => s.newChat);
  const waiting = useApprovals((s) => s.pending.some((r) => r.sessionId === session.id));
  const stated = useSessions((s) => sessionState(s, session));
  // An answer in view is read; the pending approvals are the freshest word on waiting.
  const state = waiting
    ? 'waiting'
    : current && (stated === 'unread' || stated === 'failed')
      ? 'idle'
      : stated;
  const { rename, remove, exportSession } = useSessions.getState();

  async function save(format: 'markdown' | 'json') {
    setMode('idle');
    const file = await exportSession(session.id, format);
    if (file)
      downloadText(file.filename, file.content, format === 'json' ? 'application/json' : 'text/markdown');
  }

  async function confirmDelete() {
    const removed = await remove(session.id, risk !== undefined);
    if (typeof removed === 'string') return setRisk(removed);
    if (removed && current) newChat();
    setRisk(undefined);
    setMode('idle');
  }

  return (
    <li
      ref={ref}
      data-index={index}
      style={{ transform: `translateY(${top}px)` }}
      className={`session-item${current ? ' current' : ''}`}
      data-testid="session-item"
      data-session={session.id}
      data-state={state}
      onPointerEnter={arm}
      onFocus={arm}
    >
      {mode === 'rename' ? (
        <RenameForm
          initial={session.title}
          onDone={async (title) => {
            if (title === undefined || (await rename(session.id, title))) setMode('idle');
          }}
        />
      ) : (
        <button
          type="button"
          className="session-open"
          aria-current={current ? 'true' : undefined}
          onClick={() => void openSession(session.id)}
        >
          <span className="session-title" title={session.title || 'Untitled'}>
            {session.title || 'Untitled'}
          </span>
          <span className="session-meta muted">
            {state !== 'idle' && (
              <span className={`session-state ${state}`} data-testid="session-state">
                {STATE_TEXT[state]}
              </span>
            )}
            {when(session.updatedAt)} · {session.messageCount} messages
          </span>
          {session.snippet && <Snippet text={session.snippet} />}
        </button>
      )}
      {mode === 'idle' && (armed || current) && (
        <div className="session-actions">
          <IconButton
            icon="pencil"
            label="Rename session"
            data-testid="session-rename"
            onClick={() => setMode('rename')}
          />
          <IconButton
            icon="download"
            label="Export session"
            data-testid="session-export"
            onClick={() => setMode('export')}
          />
          <IconButton
            icon="trash"
            label="Delete session"
            data-testid="session-delete"
            onClick={() => setMode('confirm-delete')}
          />
        </div>
      )}
      {mode === 'export' && (
        <div className="session-confirm" role="group" aria-label="Export format">
          <button type="button" data-testid="session-export-markdown" onClick={() => void save('markdown')}>
            Markdown
          </button>
          <button type="button" data-testid="session-export-json" onClick={() => void save('json')}>
            JSON
          </button>
          <IconButton icon="close" label="Cancel export" onClick={() => setMode('idle')} />
        </div>
      )}
      {mode === 'confirm-delete' && (
        <div className="session-confirm" role="group" aria-label="Confirm delete">
          <span data-testid="session-delete-risk">{risk ?? 'Delete?'}</span>
          <button
            type="button"
            className="danger"
            data-testid="session-delete-confirm"
            onClick={() => void confirmDelete()}
          >
            {risk ? 'Delete anyway' : 'Delete'}
          </button>
          <button
            type="button"
            onClick={() => {
              setRisk(undefined);
              setMode('idle');
            }}
          >
            Keep
          </button>
        </div>
      )}
    </li>
  );
});
