import type { Config } from '../../core/config';
import { ProviderBadOutput, providerJson } from './http-json';

/** A function the model may call: the chat completions `tools` entry, strict JSON Schema parameters. */
export interface ToolFunction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ToolCallRequest {
  system: string;
  user: string;
  tools: ToolFunction[];
  timeoutMs: number;
}

/** The first tool call of the answer, as sent: the arguments are the model's JSON text, unparsed. */
export interface ToolCall {
  name: string;
  arguments: string;
}

/** One chat completion that must call one of `tools`; the call it made. */
export type ToolCaller = (request: ToolCallRequest) => Promise<ToolCall>;

interface Completion {
  choices?: {
    message?: { tool_calls?: { type?: string; function?: { name?: unknown; arguments?: unknown } }[] };
  }[];
}

/**
 * Tool calling against the configured OpenAI-compatible chat completions endpoint
 * (TEXT_PROVIDER=openai), or null for the local provider. Temperature 0, one call required
 * (`tool_choice: "required"`, no parallel calls), strict schemas.
 */
export function openAiToolCaller(config: Config): ToolCaller | null {
  if (config.TEXT_PROVIDER !== 'openai') return null;
  const url = `${config.OPENAI_BASE_URL.replace(/\/$/, '')}/chat/completions`;
  const headers: Record<string, string> = config.OPENAI_API_KEY
    ? { authorization: `Bearer ${config.OPENAI_API_KEY}` }
    : {};
  return async (request) => {
    const body = await providerJson<Completion>({
      url,
      headers,
      timeoutMs: request.timeoutMs,
      body: {
        model: config.OPENAI_CHAT_MODEL,
        temperature: 0,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        tools: request.tools.map((t) => ({ type: 'function', function: { ...t, strict: true } })),
        tool_choice: 'required',
        parallel_tool_calls: false,
      },
    });
    const call = body.choices?.[0]?.message?.tool_calls?.[0]?.function;
    if (!call || typeof call.name !== 'string' || typeof call.arguments !== 'string')
      throw new ProviderBadOutput('the chat completion made no tool call');
    return { name: call.name, arguments: call.arguments };
  };
}
