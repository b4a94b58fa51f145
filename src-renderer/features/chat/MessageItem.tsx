import { memo } from 'react';
import type { MessageView } from './chatReducer';
import { ToolCallGroup } from '../toolCalls/ToolCallGroup';
import { AttachmentChips } from './AttachmentChips';
import { Markdown } from './Markdown';
import { splitAttachments } from '../../../src-shared/attachments';

export const MessageItem = memo(function MessageItem({ message }: { message: MessageView }) {
  if (message.role === 'user') {
    const { text, attachments } = splitAttachments(message.content);
    return (
      <div className="message message-user" data-testid="message" data-role="user">
        <div className="bubble">
          {text}
          {attachments.length > 0 && <AttachmentChips attachments={attachments} />}
        </div>
      </div>
    );
  }
  return (
    <div className="message message-assistant" data-testid="message" data-role="assistant">
      {message.content && <Markdown text={message.content} />}
      <ToolCallGroup ids={message.toolCallIds} />
    </div>
  );
});
