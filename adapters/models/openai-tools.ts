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
    message?: {
      content?: unknown;
      tool_calls?: { type?: string; function?: { name?: unknown; arguments?: unknown } }[];
    };
  }[];
}

/** How much of a text answer a "no tool call" error quotes. */
const QUOTED_TEXT = 160;

/**
 * Tool calling against the configured OpenAI-compatible chat completions endpoint
 * (TEXT_PROVIDER=openai), or null for the local provider. Temperature 0, one call asked for
 * (`tool_choice` as OPENAI_TOOL_CHOICE says, "required" by default; no parallel calls), strict schemas.
 * An answer without a function call (text instead) is a ProviderBadOutput that quotes the text.
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
        tool_choice: config.OPENAI_TOOL_CHOICE,
        parallel_tool_calls: false,
      },
    });
    const message = body.choices?.[0]?.message;
    const call = message?.tool_calls?.[0]?.function;
    if (!call)
      throw new ProviderBadOutput(`the chat completion made no tool call${quoted(message?.content)}`);
    if (typeof call.name !== 'string' || typeof call.arguments !== 'string')
      throw new ProviderBadOutput('the tool call has no function name or no arguments string');
    return { name: call.name, arguments: call.arguments };
  };
}

function quoted(content: unknown): string {
  if (typeof content !== 'string' || !content.trim()) return '';
  const text = content.trim().replace(/\s+/g, ' ');
  return ` (it answered text: "${text.length > QUOTED_TEXT ? `${text.slice(0, QUOTED_TEXT)}…` : text}")`;
}
