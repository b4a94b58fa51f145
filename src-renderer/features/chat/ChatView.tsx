import { Composer } from './Composer';
import { FindBar } from './FindBar';
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
        <FindBar />
      </div>
      <MessageList />
      <StatusLine />
      <Composer />
      <ChangesHost />
    </main>
  );
}
