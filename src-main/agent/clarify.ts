export interface ClarifyRequest {
  requestId: string;
  sessionId: string;
  question: string;
  choices: string[];
}

/**
 * Puts a question to the user and waits: on the TTY in the CLI, in the chat in the app.
 * Resolves to null when nobody answers (no TTY, dialog dismissed).
 */
export type Clarifier = (request: ClarifyRequest, signal?: AbortSignal) => Promise<string | null>;
