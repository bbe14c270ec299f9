import { writeFile } from 'node:fs/promises';
import { localModels } from '../../adapters/models/local/local-models';
import {
  ProviderNotConfigured,
  type ImageModel,
  type ModelChooser,
  type Models,
  type VideoModel,
} from '../../adapters/models/providers';
import { FailureType } from '../../core/run/failure-types';
import type { NodeOutput } from '../../core/run/run-types';
import { imageGenerateActivity } from '../../nodes/image-generate/activity';
import { textGenerateActivity } from '../../nodes/text-generate/activity';
import { videoGenerateActivity } from '../../nodes/video-generate/activity';
import { HTML_ERROR_PAGE, mp4Of, pngOf } from '../support/fakes/media';
import { nodeActivityHarness, type NodeActivityHarness } from './activity-harness';

/**
 * What the generation nodes store: media checked before they are stored, descriptions made from what was
 * produced, and the provider a node names (issue 10 items 3, 4, 5).
 */
describe('generation node outputs', () => {
  let harness: NodeActivityHarness;
  /** What the "remote" image provider answers next. */
  let remoteImage: () => Promise<Buffer>;
  beforeAll(async () => {
    const local = localModels('espeak');
    const remote: ImageModel = { name: 'fal:acme/painter', generate: () => remoteImage() };
    const film: VideoModel = {
      name: 'replicate:acme/film',
      async generate(request) {
        await writeFile(request.outPath, await mp4Of(request.width, request.height, 2));
        return { path: request.outPath, width: request.width, height: request.height, durationSeconds: 2 };
      },
    };
    const choose = ((kind: string, provider: string) => {
      if (kind === 'image' && provider === 'fal') return remote;
      if (kind === 'video' && provider === 'replicate') return film;
      if (provider === 'local') return (local as unknown as Record<string, unknown>)[kind];
      throw new ProviderNotConfigured(`ComfyUI needs COMFYUI_BASE_URL`);
    }) as ModelChooser;
    const models: Models = { ...local, choose };
    harness = await nodeActivityHarness(models);
  });
  afterAll(() => harness.close());

  const image = (config: Record<string, unknown>, id = 'poster') =>
    harness.run(imageGenerateActivity(harness.deps).imageGenerate, [
      harness.task({ id, type: 'image.generate', label: 'Poster', config }),
    ]);
  const assets = (nodeId: string) =>
    harness.deps.db
      .selectFrom('assets')
      .select('id')
      .where('run_id', '=', harness.runId)
      .where('node_id', '=', nodeId)
      .execute();

  test('an image is described from what was drawn and measured, never from its prompt', async () => {
    const output = await image({
      prompt: 'minimal poster for a tea shop. Revision: a deep navy background, warmer please',
      longEdge: 320,
    });

    expect(output.metadata.contentDescription).toMatch(
      /^Graphic \(320x320, minimal layout: .*\), dark: mostly (navy|dark blue|deep blue) \(#/,
    );
    expect(output.metadata.contentDescription).toContain('Text drawn: headline “Tea Shop”');
    expect(output.metadata.contentDescription).not.toMatch(/Revision|warmer/);
    expect(output.metadata).toMatchObject({
      provider: 'local',
      facts: { modality: 'image', layout: 'minimal', tone: 'dark' },
      directions: {
        applied: [expect.stringMatching(/^background colour deep navy \(#/), 'warm mood palette'],
        declined: [],
      },
    });
  });

  test('a node that names its provider runs on it, is charged as it, and is described by its pixels only', async () => {
    remoteImage = () => pngOf(1024, 1024, '#e63946');

    const output = await image({ prompt: 'a red kite', longEdge: 512, provider: 'fal' }, 'remote');

    expect(output.metadata).toMatchObject({ provider: 'fal', dimensions: { width: 512, height: 512 } });
    expect(output.metadata.contentDescription).toBe(
      'Image made by fal:acme/painter (512x512), mid: mostly red (#e63946, 100 %). What it depicts was not inspected.',
    );
  });

  test.each([
    [
      'an HTML error page with a 200',
      () => Promise.resolve(HTML_ERROR_PAGE),
      'answered an HTML page instead of an image',
    ],
    ['a truncated PNG', async () => (await pngOf(512, 512)).subarray(0, 300), 'not a readable image'],
    ['a picture of the wrong shape', () => pngOf(1024, 256), 'returned 1024x256 for a 512x512 request'],
  ])(
    '%s from a provider fails the node (ProviderBadOutput, not retried) and stores nothing',
    async (_name, answer, message) => {
      remoteImage = answer;

      const error = await image({ prompt: 'x', longEdge: 512, provider: 'fal' }, 'bad').catch(
        (e: unknown) => e,
      );

      expect(error).toMatchObject({
        name: 'ApplicationFailure',
        type: FailureType.ProviderBadOutput,
        nonRetryable: true,
        message: expect.stringContaining(message),
      });
      expect(await assets('bad')).toEqual([]);
    },
  );

  test("a provider the deployment lacks is the app's error, before any work", async () => {
    const error = await image({ prompt: 'x', longEdge: 256, provider: 'comfyui' }, 'nowhere').catch(
      (e: unknown) => e,
    );

    expect(error).toMatchObject({ type: FailureType.InvalidNodeInput, nonRetryable: true });
  });

  test('video.generate makes a title card offline and a clip on the video model a node names', async () => {
    const run = (config: Record<string, unknown>, id: string) =>
      harness.run(videoGenerateActivity(harness.deps).videoGenerate, [
        harness.task({ id, type: 'video.generate', label: 'End card', config }),
      ]);

    const card = await run({ prompt: 'Shop now', seconds: 2, longEdge: 320 }, 'card');
    const clip = await run(
      { prompt: 'a lighthouse', seconds: 2, longEdge: 320, provider: 'replicate' },
      'clip',
    );

    expect(card.metadata.contentDescription).toMatch(
      /^2\.0 s vertical clip \(180x320\): an animated title card reading “Shop now” \(1 lines\)\. Middle frame: mostly /,
    );
    expect(clip.metadata).toMatchObject({ provider: 'replicate', durationSeconds: 2 });
    expect(clip.metadata.contentDescription).toMatch(
      /generated by replicate:acme\/film, silent\. What it depicts was not inspected\./,
    );
  });

  test('alt text describes the image node it is given, as drawn and measured', async () => {
    const hero = await image(
      { prompt: 'gradient poster: "Street trees cool cities"', longEdge: 320 },
      'hero',
    );

    const alt: NodeOutput = await harness.run(textGenerateActivity(harness.deps).textGenerate, [
      {
        ...harness.task({
          id: 'alt',
          type: 'text.generate',
          label: 'Alt text',
          config: { prompt: 'Alt text for the hero image', purpose: 'alt_text' },
        }),
        parents: [{ id: 'hero', type: 'image.generate', output: hero }],
      },
    ]);

    expect(alt.kind === 'text' && alt.text).toMatch(
      /^A (dark |light )?graphic in .+ with a diagonal gradient with soft glows\. Large text reads “Street trees cool cities”\.$/,
    );
  });
});
