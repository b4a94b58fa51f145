import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { StatusLine } from './StatusLine';
import './chat.css';

export function ChatView() {
  return (
    <main className="chat-view" aria-label="Chat">
      <MessageList />
      <StatusLine />
      <Composer />
    </main>
  );
}
