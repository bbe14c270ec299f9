import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { generatedImage } from '../../../adapters/models/providers';
import {
  openAiImage,
  openAiSpeech,
  openAiText,
  type OpenAiOptions,
} from '../../../adapters/models/openai-compatible';
import { startFakeServer, type FakeServer } from '../../support/fake-providers';

describe('OpenAI-compatible providers against a protocol-faithful fake', () => {
  let server: FakeServer;
  let options: OpenAiOptions;
  let png: Buffer;
  let mp3: Buffer;
  let dir: string;
  let failNext: number | null = null;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'openai-fake-'));
    png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#e76f51' } })
      .png()
      .toBuffer();
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1.5',
      '-c:a',
      'libmp3lame',
      join(dir, 'tone.mp3'),
    ]);
    mp3 = readFileSync(join(dir, 'tone.mp3'));
    server = await startFakeServer((req) => {
      if (failNext !== null) {
        const status = failNext;
        failNext = null;
        return { status, json: { error: { message: 'nope', type: 'invalid_request_error' } } };
      }
      if (req.path === '/v1/chat/completions') {
        const body = req.body as { messages: { role: string; content: string }[] };
        return {
          json: {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: `Reply to: ${body.messages[1].content}` },
                finish_reason: 'stop',
              },
            ],
          },
        };
      }
      if (req.path === '/v1/images/generations')
        return { json: { created: 1, data: [{ b64_json: png.toString('base64') }] } };
      if (req.path === '/v1/audio/speech') return { body: mp3, type: 'audio/mpeg' };
      return { status: 404, json: { error: { message: 'unknown path' } } };
    });
    options = {
      baseUrl: `${server.baseUrl}/v1`,
      apiKey: 'sk-test',
      chatModel: 'gpt-test',
      imageModel: 'img-test',
      speechModel: 'tts-test',
    };
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('chat sends model, system instructions for the purpose and the prompt, with the bearer key', async () => {
    const text = await openAiText(options).generate({
      prompt: 'a new bakery',
      purpose: 'caption',
      maxWords: 40,
      variation: 1,
    });
    expect(text).toBe('Reply to: a new bakery');
    const sent = server.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: expect.stringContaining('caption') },
        { role: 'user', content: 'a new bakery' },
      ],
    });
  });

  test('images come back at exactly the requested size', async () => {
    const image = await openAiImage(options).generate({
      prompt: 'a red square',
      width: 1080,
      height: 1350,
      variation: 1,
    });
    expect(await sharp(generatedImage(image).data).metadata()).toMatchObject({
      width: 1080,
      height: 1350,
      format: 'png',
    });
    expect(server.requests.at(-1)!.body).toMatchObject({ model: 'img-test', size: '1024x1536' });
  });

  test('speech is written to a file and measured', async () => {
    const speech = await openAiSpeech(options).synthesize({
      text: 'hello',
      voice: 'nova',
      rate: 170,
      pitch: 50,
      outPath: join(dir, 'voice.m4a'),
    });
    expect(speech.mimeType).toBe('audio/mpeg');
    expect(speech.durationSeconds).toBeGreaterThan(1);
    expect(server.requests.at(-1)!.body).toMatchObject({ model: 'tts-test', input: 'hello', voice: 'nova' });
  });

  test("a 400 is the caller's fault (ProviderRejected); a 503 is worth retrying (ProviderUnavailable)", async () => {
    failNext = 400;
    await expect(
      openAiText(options).generate({ prompt: 'x', purpose: 'generic', variation: 1 }),
    ).rejects.toMatchObject({ name: 'ProviderRejected' });
    failNext = 503;
    await expect(
      openAiText(options).generate({ prompt: 'x', purpose: 'generic', variation: 1 }),
    ).rejects.toMatchObject({ name: 'ProviderUnavailable' });
    failNext = 429;
    await expect(
      openAiText(options).generate({ prompt: 'x', purpose: 'generic', variation: 1 }),
    ).rejects.toMatchObject({ name: 'ProviderUnavailable' });
  });
});
