import type { Config } from '../../core/config';
import { chatCompletion, type ChatMessage } from './openai-compatible';

export type { ChatMessage };

/** One chat completion, answered as the assistant's text. */
export type ChatCompletion = (messages: ChatMessage[], options: { timeoutMs: number }) => Promise<string>;

/** Enough for the refinement reader's answer (a few nodes, a prompt of a sentence or two each), never a runaway. */
const JSON_ANSWER_MAX_TOKENS = 500;

/**
 * A JSON-answering chat completion against the configured OpenAI-compatible endpoint, or null when
 * the text provider is the local one.
 */
export function openAiChat(config: Config): ChatCompletion | null {
  if (config.TEXT_PROVIDER !== 'openai') return null;
  const options = {
    baseUrl: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    chatModel: config.OPENAI_CHAT_MODEL,
    imageModel: config.OPENAI_IMAGE_MODEL,
    speechModel: config.OPENAI_SPEECH_MODEL,
  };
  return (messages, { timeoutMs }) =>
    chatCompletion(options, messages, {
      temperature: 0,
      json: true,
      timeoutMs,
      maxTokens: JSON_ANSWER_MAX_TOKENS,
    });
}
