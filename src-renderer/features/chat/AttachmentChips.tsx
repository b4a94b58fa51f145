import type { AttachmentRef } from '../../../src-shared/attachments';
import { Icon } from '../../ui/Icon';

/** MCP resources attached to a message; with `onRemove`, each can be taken off before sending. */
export function AttachmentChips({
  attachments,
  onRemove,
}: {
  attachments: AttachmentRef[];
  onRemove?: (uri: string) => void;
}) {
  return (
    <div className="attachment-chips">
      {attachments.map((a) => (
        <span
          key={`${a.server} ${a.uri}`}
          className="attachment-chip"
          data-testid="attachment-chip"
          data-uri={a.uri}
          title={`${a.server}: ${a.uri}`}
        >
          <Icon name="file" />
          {a.name}
          {onRemove && (
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${a.name}`}
              data-testid="attachment-remove"
              onClick={() => onRemove(a.uri)}
            >
              <Icon name="close" />
            </button>
          )}
        </span>
      ))}
    </div>
  );
}
