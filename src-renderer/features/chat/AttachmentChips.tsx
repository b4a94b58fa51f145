import type { AttachmentRef, FileRef } from '../../../src-shared/attachments';
import { Icon } from '../../ui/Icon';

/** One chip: an MCP resource or a pasted file. */
export interface Chip {
  key: string;
  name: string;
  title: string;
  kind: 'resource' | FileRef['kind'];
  /** An MCP resource's uri, for its data-uri. */
  uri?: string;
}

export function resourceChip(a: AttachmentRef): Chip {
  return {
    key: `${a.server} ${a.uri}`,
    name: a.name,
    title: `${a.server}: ${a.uri}`,
    kind: 'resource',
    uri: a.uri,
  };
}

export function fileChip(f: FileRef, key: string, detail?: string): Chip {
  const what = f.kind === 'image' ? 'Image' : f.kind === 'text' ? 'Text file' : 'File';
  const where = f.path ? `, copied to ${f.path}` : '';
  return {
    key,
    name: f.name,
    title: `${what} ${f.name}${detail ? ` (${detail})` : ''}${where}`,
    kind: f.kind,
  };
}

/** What is attached to a message; with `onRemove`, each can be taken off before sending. */
export function AttachmentChips({ chips, onRemove }: { chips: Chip[]; onRemove?: (key: string) => void }) {
  return (
    <div className="attachment-chips">
      {chips.map((c) => (
        <span
          key={c.key}
          className="attachment-chip"
          data-testid="attachment-chip"
          data-kind={c.kind}
          {...(c.uri ? { 'data-uri': c.uri } : {})}
          title={c.title}
        >
          <Icon name={c.kind === 'image' ? 'image' : 'file'} />
          {c.name}
          {onRemove && (
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${c.name}`}
              data-testid="attachment-remove"
              onClick={() => onRemove(c.key)}
            >
              <Icon name="close" />
            </button>
          )}
        </span>
      ))}
    </div>
  );
}
