import type { Config } from '../../core/config';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One chat completion, answered as the assistant's text. */
export type ChatCompletion = (messages: ChatMessage[], options: { timeoutMs: number }) => Promise<string>;

/**
 * A chat completion against an OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp server),
 * or null when the text provider is the local one. The base URL is operator configuration, not
 * caller input, so it does not go through safe-fetch.
 */
export function openAiChat(config: Config): ChatCompletion | null {
  if (config.TEXT_PROVIDER !== 'openai') return null;
  const url = `${config.OPENAI_BASE_URL.replace(/\/$/, '')}/chat/completions`;
  return async (messages, { timeoutMs }) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.OPENAI_API_KEY ? { authorization: `Bearer ${config.OPENAI_API_KEY}` } : {}),
      },
      body: JSON.stringify({
        model: config.OPENAI_CHAT_MODEL,
        messages,
        temperature: 0,
        response_format: { type: 'json_object' },
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`chat completion failed: HTTP ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    return body.choices?.[0]?.message?.content ?? '';
  };
}
