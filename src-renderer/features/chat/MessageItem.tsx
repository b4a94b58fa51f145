import { memo } from 'react';
import type { MessageView } from '../../stores/chatReducer';
import { ToolCallGroup } from '../toolCalls/ToolCallGroup';
import { Markdown } from './Markdown';

export const MessageItem = memo(function MessageItem({ message }: { message: MessageView }) {
  if (message.role === 'user') {
    return (
      <div className="message message-user" data-testid="message" data-role="user">
        <div className="bubble">{message.content}</div>
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
