import { useState } from 'react';
import type { ClarifyPrompt as Prompt } from './chatReducer';
import { useChat } from './chatStore';
import { Icon } from '../../ui/Icon';

/** The agent's question (clarify tool): pick a choice or type an answer. */
export function ClarifyPrompt({ prompt }: { prompt: Prompt }) {
  const answerClarify = useChat((s) => s.answerClarify);
  const [text, setText] = useState('');
  return (
    <section className="clarify" data-testid="clarify" aria-label="Question from the agent">
      <p className="clarify-question">
        <Icon name="question" /> {prompt.question}
      </p>
      {prompt.choices.length > 0 && (
        <div className="clarify-choices">
          {prompt.choices.map((choice) => (
            <button
              key={choice}
              type="button"
              data-testid="clarify-choice"
              onClick={() => void answerClarify(choice)}
            >
              {choice}
            </button>
          ))}
        </div>
      )}
      <form
        className="clarify-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void answerClarify(text.trim());
        }}
      >
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={prompt.choices.length > 0 ? 'Or type another answer…' : 'Your answer…'}
          aria-label="Answer"
          data-testid="clarify-input"
        />
        <button type="submit" className="primary" disabled={!text.trim()} data-testid="clarify-submit">
          Answer
        </button>
      </form>
    </section>
  );
}
