import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { useChat } from './chatStore';
import { useMcp } from '../settings/mcpStore';
import { Icon } from '../../ui/Icon';
import { flushDrafts, loadDraft, saveDraft } from './drafts';
import { filterCommands, loadPromptCommands, slashQuery, type PromptCommand } from './promptCommands';
import { PromptPicker } from './PromptPicker';
import { AttachmentChips, fileChip, resourceChip } from './AttachmentChips';
import { readPicked, type PendingFile } from './pendingFiles';
import { sizeLabel } from '../../../src-shared/fileLimits';
import { ResourcePicker } from './ResourcePicker';
import type { AttachmentRef } from '../../../src-shared/attachments';

/**
 * The message box: Enter sends, Shift+Enter breaks the line; Stop cancels a running turn.
 * Each session keeps its own unsent draft.
 */
export function Composer() {
  const status = useChat((s) => s.status);
  const send = useChat((s) => s.send);
  const cancel = useChat((s) => s.cancel);
  const sessionId = useChat((s) => s.sessionId);
  // The box is left to the browser while typing (its text in `text`), and the composer draws again
  // only when what it shows from the text changes: a key redraws nothing, and writes no DOM.
  const box = useRef<HTMLTextAreaElement>(null);
  const [initial] = useState(() => loadDraft(sessionId));
  const text = useRef(initial);
  const [blank, setBlank] = useState(() => !initial.trim());
  const [query, setQuery] = useState(() => slashQuery(initial));
  const busy = status !== 'idle';
  const servers = useMcp((s) => s.servers);
  // MCP prompts as slash commands: loaded at the first `/`, kept until the servers change.
  const [commands, setCommands] = useState<PromptCommand[] | undefined>();
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<PromptCommand | undefined>();
  const matches = query === undefined || !commands ? undefined : filterCommands(commands, query);
  const picking = query !== undefined || chosen !== undefined;
  const [attachments, setAttachments] = useState<AttachmentRef[]>([]);
  const [attaching, setAttaching] = useState(false);
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const hasResources = servers.some((s) => s.state === 'connected');

  useEffect(() => setCommands(undefined), [servers]);
  useEffect(() => {
    if (query !== undefined && !commands) void loadPromptCommands(servers).then(setCommands);
  }, [query, commands, servers]);
  useEffect(() => setActive(0), [query]);

  useEffect(() => {
    show(loadDraft(sessionId));
    // Leaving the session: its draft is written now, not after the pause saveDraft waits for.
    return () => flushDrafts();
  }, [sessionId]);

  // After a load the keyboard is in the message box, unless something already has it.
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) box.current?.focus();
  }, []);

  /** Shows `value` in the box (unless it is there already, as when typed). */
  function show(value: string) {
    text.current = value;
    if (box.current && box.current.value !== value) box.current.value = value;
    setBlank(!value.trim());
    setQuery(slashQuery(value));
  }

  function edit(value: string) {
    show(value);
    saveDraft(sessionId, value);
  }

  async function submit() {
    const message = text.current;
    if (!message.trim() || busy) return;
    const attached = attachments;
    const sent = files;
    edit('');
    setAttachments([]);
    setFiles([]);
    setFileErrors([]);
    const wire = sent.map(({ name, kind, mime, data }) => ({ name, kind, mime, data }));
    if (!(await send(message, attached, wire))) {
      edit(message);
      setAttachments(attached);
      setFiles(sent);
    }
  }

  /** Pasted, dropped or picked files become chips; what cannot go is said under the box. */
  async function addFiles(picked: File[]) {
    if (picked.length === 0) return;
    const read = await readPicked(picked, files.length);
    setFiles((list) => [...list, ...read.files]);
    setFileErrors(read.errors);
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0) return;
    event.preventDefault();
    void addFiles(pasted);
  }

  function onDrop(event: DragEvent<HTMLFormElement>) {
    setDragging(false);
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length === 0) return;
    event.preventDefault();
    void addFiles(dropped);
  }

  const chips = [
    ...attachments.map(resourceChip),
    ...files.map((f) => fileChip(f, f.id, sizeLabel(f.bytes))),
  ];

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (picking && matches && !chosen && pickerKey(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  /** Arrows move through the prompts, Enter or Tab chooses one, Escape leaves the text alone. */
  function pickerKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    const list = matches ?? [];
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (list.length ? (i + step + list.length) % list.length : 0));
    } else if ((event.key === 'Enter' || event.key === 'Tab') && list[active]) {
      setChosen(list[active]);
    } else if (event.key === 'Escape') {
      edit(`${text.current} `);
    } else return false;
    event.preventDefault();
    return true;
  }

  function insertPrompt(value: string) {
    setChosen(undefined);
    edit(value);
  }

  return (
    <form
      className={dragging ? 'composer dragging' : 'composer'}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {picking && (
        <PromptPicker
          matches={matches}
          active={active}
          chosen={chosen}
          onChoose={setChosen}
          onInsert={insertPrompt}
          onCancel={() => setChosen(undefined)}
        />
      )}
      {attaching && (
        <ResourcePicker
          onPick={(ref) => {
            setAttachments((list) => [...list.filter((a) => a.uri !== ref.uri), ref]);
            setAttaching(false);
          }}
          onClose={() => setAttaching(false)}
        />
      )}
      <div className="composer-input">
        {chips.length > 0 && (
          <AttachmentChips
            chips={chips}
            onRemove={(key) => {
              setAttachments((list) => list.filter((a) => resourceChip(a).key !== key));
              setFiles((list) => list.filter((f) => f.id !== key));
            }}
          />
        )}
        {fileErrors.length > 0 && (
          <div className="attachment-errors" role="alert" data-testid="attachment-error">
            {fileErrors.join(' ')}
          </div>
        )}
        <textarea
          ref={box}
          data-testid="chat-input"
          aria-label="Message"
          placeholder="Ask Caduceus to do something…"
          rows={3}
          defaultValue={initial}
          onChange={(e) => edit(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
      </div>
      <div className="composer-buttons">
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          data-testid="attach-file-input"
          onChange={(e) => {
            void addFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <button
          type="button"
          data-testid="attach-file"
          aria-label="Attach files or images"
          title="Attach files or images (or paste or drop them)"
          onClick={() => picker.current?.click()}
        >
          <Icon name="image" /> Files
        </button>
        {hasResources && (
          <button
            type="button"
            data-testid="attach-resource"
            aria-label="Attach a resource from an MCP server"
            title="Attach a resource from an MCP server"
            aria-expanded={attaching}
            onClick={() => setAttaching(!attaching)}
          >
            <Icon name="file" /> Attach
          </button>
        )}
        {busy && (
          <button
            type="button"
            className="danger"
            data-testid="stop-button"
            aria-label="Stop the running turn"
            disabled={status === 'cancelling'}
            onClick={() => void cancel()}
          >
            <Icon name="stop" /> Stop
          </button>
        )}
        {/* Stop takes Send's place while a turn runs, so the composer keeps its height and the
            transcript above it does not resize at every turn's start and end. */}
        <button
          type="submit"
          className="primary"
          data-testid="chat-send"
          disabled={busy || blank}
          hidden={busy}
        >
          Send
        </button>
      </div>
    </form>
  );
}
