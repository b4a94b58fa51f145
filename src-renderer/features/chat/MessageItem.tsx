import { memo } from 'react';
import type { MessageView } from './chatReducer';
import { ToolCallGroup } from '../toolCalls/ToolCallGroup';
import { AttachmentChips, fileChip, resourceChip } from './AttachmentChips';
import { Markdown } from './lazyMarkdown';
import { splitAttachments } from '../../../src-shared/attachments';

export const MessageItem = memo(function MessageItem({ message }: { message: MessageView }) {
  if (message.role === 'user') {
    const { text, attachments, files } = splitAttachments(message.content);
    const chips = [...attachments.map(resourceChip), ...files.map((f, i) => fileChip(f, `file ${i}`))];
    return (
      <div
        className="message message-user"
        data-testid="message"
        data-role="user"
        data-message-id={message.id}
      >
        <div className="bubble">
          {text}
          {chips.length > 0 && <AttachmentChips chips={chips} />}
        </div>
      </div>
    );
  }
  return (
    <div
      className="message message-assistant"
      data-testid="message"
      data-role="assistant"
      data-message-id={message.id}
    >
      {message.content && <Markdown text={message.content} />}
      <ToolCallGroup ids={message.toolCallIds} />
    </div>
  );
});
