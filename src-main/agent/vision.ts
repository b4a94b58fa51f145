import OpenAI from 'openai';
import type { VisionService } from '../tools/media/vision';
import type { AgentRoot } from './agentRoot';

/**
 * vision_analyze and browser_vision ask the configured chat model with the image attached. The
 * service exists only when a model is configured; the model itself must accept images.
 */
export function createVisionService(agent: Pick<AgentRoot, 'resolveModel'>): VisionService | undefined {
  if (!agent.resolveModel().ok) return undefined;
  return {
    async analyze(image, question, signal) {
      const resolution = agent.resolveModel();
      if (!resolution.ok) throw new Error(`No model is configured: ${resolution.problems.join('; ')}`);
      const { model } = resolution;
      const client = new OpenAI({
        apiKey: model.apiKey,
        baseURL: model.baseUrl,
        maxRetries: model.maxRetries,
        timeout: model.timeoutMs,
      });
      const reply = await client.chat.completions.create(
        {
          model: model.name,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: question },
                { type: 'image_url', image_url: { url: image } },
              ],
            },
          ],
        },
        signal ? { signal } : {},
      );
      return reply.choices[0]?.message.content ?? '';
    },
  };
}
