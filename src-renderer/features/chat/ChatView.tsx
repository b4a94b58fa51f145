import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { StatusLine } from './StatusLine';
import { TokenUsage } from './TokenUsage';
import { ModelPicker } from '../model/ModelPicker';
import { WorkspaceBar } from '../workspace/WorkspaceBar';
import { ChangesHost } from '../changes/ChangesHost';
import './chat.css';

export function ChatView() {
  return (
    <main className="chat-view" aria-label="Chat">
      <div className="chat-header">
        <WorkspaceBar />
        <TokenUsage />
        <ModelPicker />
      </div>
      <MessageList />
      <StatusLine />
      <Composer />
      <ChangesHost />
    </main>
  );
}
