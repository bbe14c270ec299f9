import { writeFile } from 'node:fs/promises';
import { describeMedia } from '../../core/run/describe-media';
import { probeMedia } from '../media/ffmpeg';
import type { ImageModel, SpeechModel, TextModel } from './providers';
import { ProviderUnavailable, providerDownload, providerFetch, providerJson } from './http-json';
import { providerImage } from './provider-media';
import { promptWords } from './replicate';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string;
  chatModel: string;
  imageModel: string;
  speechModel: string;
}

const TIMEOUT_MS = 120_000;
const SPEECH_VOICES: readonly string[] = [
  'alloy',
  'ash',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
] as const;

const headers = (o: OpenAiOptions): Record<string, string> =>
  o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {};
const endpoint = (o: OpenAiOptions, path: string) => `${o.baseUrl.replace(/\/$/, '')}${path}`;

const PURPOSE_INSTRUCTIONS: Record<string, string> = {
  caption: 'Write a social media caption with a hook, one short paragraph and 3-5 hashtags.',
  script: 'Write a spoken narration script in short sentences, no stage directions.',
  headline: 'Write one headline, no quotation marks.',
  alt_text: 'Write concise alt text describing the image for screen readers.',
  talking_points: 'Write 3-5 talking points, one per line.',
  generic: 'Answer with the requested text only.',
};

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * One chat completion; the assistant's text. `json` asks the server for a JSON object; `maxTokens` bounds
 * the answer (a small model held to a JSON grammar can otherwise write whitespace until its context ends).
 */
export async function chatCompletion(
  options: OpenAiOptions,
  messages: ChatMessage[],
  settings: { temperature: number; seed?: number; json?: boolean; timeoutMs?: number; maxTokens?: number },
): Promise<string> {
  const body = await providerJson<{ choices?: { message?: { content?: string } }[] }>({
    url: endpoint(options, '/chat/completions'),
    headers: headers(options),
    timeoutMs: settings.timeoutMs ?? TIMEOUT_MS,
    body: {
      model: options.chatModel,
      messages,
      temperature: settings.temperature,
      ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
      ...(settings.json ? { response_format: { type: 'json_object' } } : {}),
      ...(settings.maxTokens ? { max_tokens: settings.maxTokens } : {}),
    },
  });
  const content = body.choices?.[0]?.message?.content?.trim();
  if (!content) throw new ProviderUnavailable('chat completion had no content');
  return content;
}

/** Chat completions from any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp server). */
export function openAiText(options: OpenAiOptions): TextModel {
  return {
    name: `openai:${options.chatModel}`,
    generate(request) {
      const system = [
        PURPOSE_INSTRUCTIONS[request.purpose] ?? PURPOSE_INSTRUCTIONS.generic,
        request.system,
        request.maxWords ? `At most ${request.maxWords} words.` : '',
      ]
        .filter(Boolean)
        .join(' ');
      // Media the node was given reaches a text model as what was measured of it.
      const context = (request.about ?? []).map((facts) => describeMedia(facts)).join('\n');
      const messages: ChatMessage[] = [
        { role: 'system', content: system },
        {
          role: 'user',
          content: context ? `${request.prompt}\n\nThe media given:\n${context}` : request.prompt,
        },
      ];
      return chatCompletion(options, messages, {
        temperature: request.variation > 1 ? 0.9 : 0.7,
        seed: request.variation,
      });
    },
  };
}

/** The closest size the images endpoint offers; the result is then cropped to the exact size. */
function imageSize(width: number, height: number): string {
  const ratio = width / height;
  if (ratio > 1.2) return '1536x1024';
  if (ratio < 0.83) return '1024x1536';
  return '1024x1024';
}

export function openAiImage(options: OpenAiOptions): ImageModel {
  return {
    name: `openai:${options.imageModel}`,
    async generate(request) {
      const name = `openai:${options.imageModel}`;
      const body = await providerJson<{ data?: { b64_json?: string; url?: string }[] }>({
        url: endpoint(options, '/images/generations'),
        headers: headers(options),
        timeoutMs: TIMEOUT_MS * 2,
        signal: request.signal,
        body: {
          model: options.imageModel,
          prompt: promptWords(request.prompt),
          size: imageSize(request.width, request.height),
          n: 1,
        },
      });
      const item = body.data?.[0];
      const file = item?.b64_json
        ? { data: Buffer.from(item.b64_json, 'base64'), contentType: null }
        : item?.url
          ? await providerDownload(item.url, TIMEOUT_MS, { signal: request.signal })
          : null;
      if (!file) throw new ProviderUnavailable('image generation returned no image');
      return { data: await providerImage(file, request, name) };
    },
  };
}

export function openAiSpeech(options: OpenAiOptions): SpeechModel {
  return {
    name: `openai:${options.speechModel}`,
    async synthesize(request) {
      const voice = SPEECH_VOICES.includes(request.voice) ? request.voice : 'alloy';
      const res = await providerFetch({
        url: endpoint(options, '/audio/speech'),
        headers: headers(options),
        timeoutMs: TIMEOUT_MS,
        body: {
          model: options.speechModel,
          input: request.text,
          voice,
          response_format: 'mp3',
          speed: Math.min(4, Math.max(0.25, request.rate / 170)),
        },
      });
      const path = request.outPath.replace(/\.[a-z0-9]+$/i, '') + '.mp3';
      await writeFile(path, Buffer.from(await res.arrayBuffer()));
      const info = await probeMedia(path);
      return { path, durationSeconds: info.durationSeconds, mimeType: 'audio/mpeg' };
    },
  };
}
