import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { StatusLine } from './StatusLine';
import { WorkspaceBar } from '../workspace/WorkspaceBar';
import './chat.css';

export function ChatView() {
  return (
    <main className="chat-view" aria-label="Chat">
      <WorkspaceBar />
      <MessageList />
      <StatusLine />
      <Composer />
    </main>
  );
}
