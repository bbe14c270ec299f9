import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { loadCatalogApps } from '../../adapters/catalog';
import { compileGraph } from '../../core/graph/compile-graph';
import { createTestStack, type TestStack } from '../support/stack';
import { outputBytes, startAppRun, waitForApprovalRequest, waitForEnd, type RunBody } from '../support/runs';

/**
 * Every catalog app runs for real (sharp, ffmpeg, espeak-ng on the media task queue) through the API,
 * and every output it delivers is opened and measured: what an agent gets is what the app promises.
 * Apps run one after another: each is CPU-heavy, and the suite must fit a 2-core machine.
 */

type Expected =
  | { type: 'image'; width: number; height: number; mimeType: 'image/png' | 'image/jpeg' }
  | { type: 'video'; width: number; height: number; audio: boolean; seconds: [number, number] }
  | { type: 'audio'; seconds: [number, number] }
  | { type: 'text'; includes?: string };

interface AppCase {
  appId: string;
  inputs: (media: MediaServer) => Record<string, unknown>;
  /** human.approval nodes to approve once they wait. */
  approve?: string[];
  outputs: Record<string, Expected>;
}

const png = (width: number, height: number) =>
  ({ type: 'image', width, height, mimeType: 'image/png' }) as const;
const jpeg = (width: number, height: number) =>
  ({ type: 'image', width, height, mimeType: 'image/jpeg' }) as const;
const text = (includes?: string) => ({ type: 'text', includes }) as const;

const CASES: AppCase[] = [
  {
    appId: '222e3b34-9f50-4c7b-bc8f-3007c30bec7a', // Social Post Image with Caption
    inputs: () => ({ topic: 'launch of a reusable water bottle', aspect_ratio: '4:5' }),
    outputs: { Image: png(864, 1080), Caption: text('#') },
  },
  {
    appId: 'e2eb58c5-1b6f-4b1e-a41e-f61e0c3befa5', // Image from Prompt
    inputs: () => ({ prompt: 'a teal poster announcing our summer launch party', aspect_ratio: '16:9' }),
    outputs: { Image: png(1080, 608) },
  },
  {
    appId: 'd89aacb5-080e-48ca-b4bd-a7521f422a9a', // Quote Card
    inputs: () => ({ quote: 'Simplicity is the ultimate sophistication', author: 'Leonardo da Vinci' }),
    outputs: { 'Quote card': png(1080, 1080) },
  },
  {
    appId: '7665e1a9-f604-41e7-9529-7b64b0a67d37', // Blog Hero Image with Alt Text
    inputs: () => ({ article_title: 'Why remote teams need async rituals' }),
    outputs: { 'Hero image': png(1920, 1080), Headline: text('Async'), 'Alt text': text() },
  },
  {
    appId: 'af93ed1a-3e05-44e3-b08e-fa79d6b942a9', // Product Photo on a Styled Background
    inputs: (media) => ({
      product_image: media.url('bottle.png'),
      product_name: 'Trailblazer bottle',
      aspect_ratio: '4:5',
    }),
    outputs: { 'Styled product photo': png(864, 1080), 'Listing image': jpeg(1600, 1600) },
  },
  {
    appId: '5cf30c28-06ab-4ae3-8c84-acc340708b28', // Three-Slide Carousel
    inputs: () => ({
      topic: '5 habits of calm remote teams',
      points: 'Write decisions down. Default to async updates.',
    }),
    outputs: {
      'Slide 1': png(864, 1080),
      'Slide 2': png(864, 1080),
      'Slide 3': png(864, 1080),
      Caption: text('#'),
    },
  },
  {
    appId: '9e5f9264-3c79-43c6-b368-57181201d05d', // Vertical Video Ad with Voiceover and Captions
    inputs: () => ({ product: 'the Trailblazer bottle, ice cold for 24 hours, leak-proof lid' }),
    outputs: {
      'Video ad': { type: 'video', width: 720, height: 1280, audio: true, seconds: [4, 25] },
      Script: text('Trailblazer'),
    },
  },
  {
    appId: '9f87fdb7-d152-48d6-a66c-b11f77f3c9a5', // Explainer Video from Talking Points
    inputs: () => ({
      topic: 'how solar panels make electricity',
      talking_points: 'sunlight frees electrons, an inverter makes household power',
    }),
    outputs: {
      'Explainer video': { type: 'video', width: 1280, height: 720, audio: true, seconds: [4, 30] },
      'Narration script': text('solar'),
      Outline: text('inverter'),
    },
  },
  {
    appId: '7e3076ef-8947-4a13-b318-a846a20cd1fd', // Podcast Audiogram
    inputs: () => ({
      episode_title: 'Building in public',
      excerpt: 'Share the messy middle. People trust progress more than polish.',
    }),
    outputs: {
      Audiogram: { type: 'video', width: 1080, height: 1080, audio: true, seconds: [2, 15] },
      'Audio clip': { type: 'audio', seconds: [2, 15] },
      'Cover art': png(1080, 1080),
    },
  },
  {
    appId: '1212b5b6-f425-4cc2-b21e-40f72b40048a', // UGC-Style Script with Voiceover
    inputs: () => ({ product: 'the Lumen serum, light and non-sticky' }),
    outputs: {
      Script: text('serum'),
      Voiceover: { type: 'audio', seconds: [3, 40] },
      'On-screen hook': text(),
      Caption: text('#'),
    },
  },
  {
    appId: '6031edac-7cdb-451a-8a9b-5ff29a6f2996', // Campaign Asset Set with Review
    inputs: () => ({ campaign: 'Autumn coffee menu, pumpkin spice is back' }),
    approve: ['review'],
    outputs: {
      'Feed post': png(1080, 1350),
      Story: png(1080, 1920),
      'Web banner': jpeg(1600, 900),
      Caption: text('#'),
    },
  },
  {
    appId: '4f7b2c8e-8a1d-4c55-9a57-1f3f2f6f0c11', // Scripted Video
    inputs: () => ({ script: 'Our bakery opens at seven. Fresh bread, every single morning.' }),
    outputs: { Video: { type: 'video', width: 720, height: 1280, audio: true, seconds: [2, 15] } },
  },
  {
    appId: 'ca0f9e11-c2a5-49e9-b35c-3b78dc2448a5', // Photo to Video Clip
    inputs: (media) => ({ photo: media.url('street.jpg'), overlay_text: 'Open house on Sunday' }),
    outputs: { 'Video clip': { type: 'video', width: 720, height: 1280, audio: false, seconds: [4.9, 5.1] } },
  },
];

const run = promisify(execFile);

interface MediaServer {
  url(name: string): string;
  close(): Promise<void>;
}

/** Caller media on 127.0.0.1 (allowlisted by the stack): a product cut-out and a landscape photo. */
async function serveFixtures(): Promise<MediaServer> {
  const bottle = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="800">
        <rect x="150" y="20" width="100" height="70" rx="12" fill="#1f2937"/>
        <rect x="90" y="80" width="220" height="680" rx="70" fill="#0f766e"/>
        <rect x="90" y="330" width="220" height="170" fill="#f1f5f9"/>
        <text x="200" y="430" font-family="sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="#0f766e">TRAIL</text>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();
  const street = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
        <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7cc6fe"/><stop offset="1" stop-color="#fde68a"/></linearGradient></defs>
        <rect width="1200" height="800" fill="url(#sky)"/>
        <rect x="0" y="560" width="1200" height="240" fill="#4d7c0f"/>
        <polygon points="350,560 600,330 850,560" fill="#9a3412"/>
        <rect x="400" y="560" width="400" height="200" fill="#f5f5f4" transform="translate(0,-200)"/>
        <rect x="560" y="440" width="80" height="120" fill="#78350f"/>
      </svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();
  const files: Record<string, { body: Buffer; type: string }> = {
    'bottle.png': { body: bottle, type: 'image/png' },
    'street.jpg': { body: street, type: 'image/jpeg' },
  };
  const server: Server = createServer((req, res) => {
    const file = files[(req.url ?? '').slice(1)];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Probe {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
  format: { duration: string };
}

async function ffprobe(path: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_streams',
    '-show_format',
    '-of',
    'json',
    path,
  ]);
  return JSON.parse(stdout) as Probe;
}

describe('catalog apps', () => {
  let stack: TestStack;
  let media: MediaServer;
  let workDir: string;
  const timings: string[] = [];

  beforeAll(async () => {
    [stack, media, workDir] = await Promise.all([
      createTestStack(),
      serveFixtures(),
      mkdtemp(join(tmpdir(), 'atelier-apps-run-')),
    ]);
  });
  afterAll(async () => {
    process.stdout.write(`catalog run times:\n${timings.join('\n')}\n`);
    await Promise.all([stack?.close(), media?.close(), rm(workDir, { recursive: true, force: true })]);
  });

  const download = (url: string) => outputBytes(stack, url);

  /** Writes a copy where ATELIER_KEEP_MEDIA points, to look at the renders by eye. */
  const keep = async (name: string, data: Buffer) => {
    const dir = process.env.ATELIER_KEEP_MEDIA;
    if (!dir) return;
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, name), data);
  };

  const checkOutput = async (appId: string, output: RunBody['outputs'][number], expected: Expected) => {
    expect(output).toMatchObject({ status: 'completed', error: null, type: expected.type });
    if (expected.type === 'text') {
      const value = output.value as string;
      expect(value.trim().split(/\s+/).length).toBeGreaterThan(1);
      expect(value).not.toMatch(/\{\{|\}\}/);
      if (expected.includes) expect(value).toContain(expected.includes);
      return;
    }
    const data = await download(output.value as string);
    const name = `${appId.slice(0, 8)}-${output.id}.${expected.type === 'image' ? (expected.mimeType === 'image/png' ? 'png' : 'jpg') : expected.type === 'video' ? 'mp4' : 'm4a'}`;
    await keep(name, data);
    if (expected.type === 'image') {
      const meta = await sharp(data).metadata();
      expect({
        mimeType: output.mimeType,
        format: meta.format,
        width: meta.width,
        height: meta.height,
      }).toEqual({
        mimeType: expected.mimeType,
        format: expected.mimeType === 'image/png' ? 'png' : 'jpeg',
        width: expected.width,
        height: expected.height,
      });
      expect(output.dimensions).toEqual({ width: expected.width, height: expected.height });
      const { channels } = await sharp(data).stats();
      expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(10); // a composition, not a flat fill
      return;
    }
    const path = join(workDir, name);
    await writeFile(path, data);
    const probe = await ffprobe(path);
    const duration = Number(probe.format.duration);
    const video = probe.streams.filter((s) => s.codec_type === 'video');
    const audio = probe.streams.filter((s) => s.codec_type === 'audio');
    expect(duration).toBeGreaterThanOrEqual(expected.seconds[0]);
    expect(duration).toBeLessThanOrEqual(expected.seconds[1]);
    expect(output.durationSeconds).toBeCloseTo(duration, 0);
    if (expected.type === 'audio') {
      expect(output.mimeType).toMatch(/^audio\//);
      expect(video).toEqual([]);
      expect(audio.map((s) => s.codec_name)).toEqual(['aac']);
      return;
    }
    expect(output.mimeType).toBe('video/mp4');
    expect(
      video.map((s) => ({ codec: s.codec_name, width: s.width, height: s.height, pixels: s.pix_fmt })),
    ).toEqual([{ codec: 'h264', width: expected.width, height: expected.height, pixels: 'yuv420p' }]);
    expect(output.dimensions).toEqual({ width: expected.width, height: expected.height });
    if (expected.audio) expect(audio.map((s) => s.codec_name)).toEqual(['aac']);
  };

  test('every catalog app has a case here and every node type is covered', () => {
    const apps = loadCatalogApps();
    expect(apps.length).toBeGreaterThanOrEqual(10);
    expect(CASES.map((c) => c.appId).sort()).toEqual(apps.map((a) => a.appId).sort());
    const types = new Set(apps.flatMap((a) => a.graph.nodes.map((n) => n.type)));
    expect([...types].sort()).toEqual([
      'audio.tts',
      'human.approval',
      'image.edit',
      'image.generate',
      'output',
      'quality.check',
      'text.generate',
      'video.compose',
      'video.generate',
    ]);
    for (const app of apps) {
      const plan = compileGraph(app.graph, app.parameters);
      const c = CASES.find((x) => x.appId === app.appId)!;
      expect(Object.keys(c.outputs).sort()).toEqual(plan.outputs.map((o) => o.label).sort());
    }
  });

  const apps = new Map(loadCatalogApps().map((a) => [a.appId, a]));
  test.each(CASES.map((c) => [apps.get(c.appId)?.name ?? c.appId, c] as const))(
    '%s completes and delivers the media it promises',
    async (_name, appCase) => {
      const started = Date.now();
      const user = stack.users.owner;
      const runId = await startAppRun(stack, user, appCase.appId, appCase.inputs(media));
      for (const nodeId of appCase.approve ?? []) {
        await waitForApprovalRequest(stack, runId, nodeId);
        const res = await stack.http
          .post(`/v1/runs/${runId}/approvals/${nodeId}`)
          .set('x-api-key', user.key)
          .send({ decision: 'approve' });
        expect(res.status).toBe(200);
      }
      const result = await waitForEnd(stack, user, runId);
      timings.push(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${_name}`);
      expect({ status: result.status, errorMessage: result.errorMessage }).toEqual({
        status: 'completed',
        errorMessage: null,
      });
      expect(result.outputs.map((o) => o.label).sort()).toEqual(Object.keys(appCase.outputs).sort());
      for (const output of result.outputs)
        await checkOutput(appCase.appId, output, appCase.outputs[output.label]);
      expect(result.cost.credits).toBeGreaterThan(0);
    },
    300_000,
  );
});
