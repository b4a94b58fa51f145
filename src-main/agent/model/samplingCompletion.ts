import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ModelCompletion } from '../../mcp/clientTypes';
import { textOf } from '../../mcp/samplingText';
import type { ModelResolution } from './resolve';

/** The configured chat model as a sampling backend (text and images in, text out). */
export function modelCompletion(resolve: () => ModelResolution): ModelCompletion {
  return async (params, signal) => {
    const resolution = resolve();
    if (!resolution.ok) {
      // The SDK loads only once a server asks; the error carries the code the server gets.
      const { McpError, ErrorCode } = await import('@modelcontextprotocol/sdk/types.js');
      throw new McpError(
        ErrorCode.InternalError,
        `No model is configured: ${resolution.problems.join('; ')}`,
      );
    }
    const { model } = resolution;
    const client = new OpenAI({
      apiKey: model.apiKey,
      baseURL: model.baseUrl,
      maxRetries: model.maxRetries,
      timeout: model.timeoutMs,
    });
    const messages: ChatCompletionMessageParam[] = [];
    if (params.systemPrompt) messages.push({ role: 'system', content: params.systemPrompt });
    for (const m of params.messages) {
      const text = textOf(m.content);
      messages.push(
        m.role === 'user' ? { role: 'user', content: text } : { role: 'assistant', content: text },
      );
    }
    const reply = await client.chat.completions.create(
      {
        model: model.name,
        messages,
        max_tokens: params.maxTokens,
        ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
        ...(params.stopSequences ? { stop: params.stopSequences } : {}),
      },
      signal ? { signal } : {},
    );
    const choice = reply.choices[0];
    return {
      role: 'assistant',
      content: { type: 'text', text: choice?.message.content ?? '' },
      model: reply.model || model.name,
      stopReason: choice?.finish_reason === 'length' ? 'maxTokens' : 'endTurn',
    };
  };
}
