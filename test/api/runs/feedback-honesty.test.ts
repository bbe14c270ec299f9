import sharp from 'sharp';
import { colourDistance, hexToRgb } from '../../../adapters/media/colours';
import { outputBytes } from '../../support/runs';
import { createTestStack, type TestStack } from '../../support/stack';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';
const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const VIDEO_AD = '9e5f9264-3c79-43c6-b368-57181201d05d';

type Output = { id: string; value: string; contentDescription?: string };

/**
 * A refinement applies what it says, and says what it did not (issue 10): the reports of the issue, replayed
 * through the API. The r2 picture is measured, not trusted.
 */
describe('POST /v1/runs/{runId}/feedback says only what it did', () => {
  let stack: TestStack;
  let key: string;
  beforeAll(async () => {
    stack = await createTestStack();
    key = stack.users.owner.key;
  });
  afterAll(() => stack.close());

  const completedRun = async (appId: string, inputs: Record<string, unknown>) => {
    const started = await stack.http.post(`/v1/apps/${appId}/runs`).set('x-api-key', key).send({ inputs });
    const waited = await stack.http
      .get(`/v1/runs/${started.body.data.runId}/wait?timeout=60`)
      .set('x-api-key', key);
    expect(waited.body.data.status).toBe('completed');
    return { runId: started.body.data.runId as string, outputs: waited.body.data.outputs as Output[] };
  };
  const feedback = (runId: string, text: string) =>
    stack.http.post(`/v1/runs/${runId}/feedback`).set('x-api-key', key).send({ feedback: text });
  const run = async (runId: string) =>
    (await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', key)).body.data as {
      revision: number;
      outputs: Output[];
    };
  const fetchPng = (url: string) => outputBytes(stack, url);
  const dominant = async (png: Buffer) => {
    const { r, g, b } = (await sharp(png).stats()).dominant;
    return [r, g, b] as [number, number, number];
  };
  const charges = async (runId: string) =>
    (
      await stack.deps.db
        .selectFrom('credit_ledger')
        .select(['node_id', 'revision', 'amount'])
        .where('run_id', '=', runId)
        .execute()
    ).map((l) => ({ nodeId: l.node_id, revision: l.revision, amount: Number(l.amount) }));
  const assetRevisions = async (runId: string, nodeId: string) =>
    (
      await stack.deps.db
        .selectFrom('assets')
        .select('revision')
        .where('run_id', '=', runId)
        .where('node_id', '=', nodeId)
        .orderBy('revision')
        .execute()
    ).map((a) => a.revision);

  test('the Quote Card sets the author as an attribution under the quote', async () => {
    const { outputs } = await completedRun(QUOTE_CARD, { quote: 'Still I rise', author: 'Maya Angelou' });

    expect(outputs[0].contentDescription).toContain('attribution “— Maya Angelou”');
  });

  test('"a deep ocean blue background and bolder type" on a Quote Card: a new picture, blue, described as measured', async () => {
    const { runId, outputs: before } = await completedRun(QUOTE_CARD, {
      quote: 'Simplicity is the ultimate sophistication',
    });

    const res = await feedback(runId, 'Make the background a deep ocean blue and the type bolder');

    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data.revision).toBe(2);
    expect(data.refinedNodes).toEqual([
      {
        nodeId: 'card',
        reason: expect.stringMatching(
          /applied: background colour deep ocean blue \(#[0-9a-f]{6}\), bold type; now: Quote card/,
        ),
      },
    ]);
    const asked = data.refinedNodes[0].reason.match(/\((#[0-9a-f]{6})\)/)[1];
    const after = await run(runId);
    expect(after.outputs[0].value).not.toBe(before[0].value);
    const png = await fetchPng(after.outputs[0].value);
    expect(png.equals(await fetchPng(before[0].value))).toBe(false);
    expect(colourDistance(await dominant(png), hexToRgb(asked))).toBeLessThan(40);
    expect(after.outputs[0].contentDescription).toMatch(/mostly (dark blue|deep blue|navy) \(#/);
    expect(after.outputs[0].contentDescription).not.toMatch(/warm|ocean|Revision/);
  });

  test('"deep navy blue and a minimal style" on a Social Post: a navy minimal layout, no line that was never drawn', async () => {
    const { runId } = await completedRun(SOCIAL_POST, { topic: 'a reusable water bottle' });

    const res = await feedback(runId, 'Make the background deep navy blue and use a minimal style');

    const image = (await run(runId)).outputs.find((o) => o.id === 'out_image')!;
    expect(res.body.data.refinedNodes.find((n: { nodeId: string }) => n.nodeId === 'image').reason).toMatch(
      /applied: background colour deep navy blue \(#[0-9a-f]{6}\), minimal style/,
    );
    expect(image.contentDescription).toMatch(
      /^Graphic \(1080x1080, minimal layout: .*\), dark: mostly (navy|dark blue|deep blue)/,
    );
    expect(image.contentDescription).not.toMatch(/Revision|beneath it/);
    const [r, g, b] = await dominant(await fetchPng(image.value));
    expect(b).toBeGreaterThan(r + 15);
    expect(b).toBeGreaterThan(g);
  });

  test('feedback the local renderer cannot do is declined with its reasons: no revision, nothing re-run', async () => {
    const { runId, outputs: before } = await completedRun(QUOTE_CARD, { quote: 'Less, but better' });

    const res = await feedback(runId, 'add a cat in the corner and make it 3D');

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'completed', revision: 1 });
    expect(res.body.data.summary).toMatch(
      /^Nothing in the feedback could be applied, so no revision was made: not applied: "add a cat in the corner" \(the local renderer draws layouts, colours and type .*\); "3D" \(.*\)\. The run stays at revision 1\.$/,
    );
    expect(res.body.data.refinedNodes[0].reason).toMatch(/; the previous output is kept$/);
    expect((await run(runId)).revision).toBe(1);
    expect((await run(runId)).outputs[0].value).toBe(before[0].value);
    expect(await assetRevisions(runId, 'card')).toEqual([1]);
  });

  test('a re-run that draws the same picture keeps the previous output, says nothing changed and charges nothing', async () => {
    const { runId, outputs: before } = await completedRun(QUOTE_CARD, { quote: 'Less, but better' });

    // The quote is already set in a serif: the renderer applies "serif type" and draws the same PNG.
    const res = await feedback(runId, 'use a serif font');

    expect(res.body.data.revision).toBe(2);
    expect(res.body.data.refinedNodes[0].reason).toMatch(
      /re-ran it with serif type, but the result is identical to the previous revision, so nothing changed and the previous output is kept/,
    );
    expect(res.body.data.summary).toContain(
      '"Quote card" came out identical to the previous revision, so the previous output is kept',
    );
    expect((await run(runId)).outputs[0].value).toBe(before[0].value);
    expect(await assetRevisions(runId, 'card')).toEqual([1]);
    expect((await charges(runId)).filter((c) => c.revision === 2)).toEqual([]);
  });

  test('feedback the output already follows (an earlier revision asked for it) makes no revision and charges nothing', async () => {
    const { runId } = await completedRun(QUOTE_CARD, { quote: 'Less, but better' });
    expect((await feedback(runId, 'make the background forest green')).body.data.revision).toBe(2);
    const charged = await charges(runId);

    const res = await feedback(runId, 'a forest green background');

    expect(res.body.data).toMatchObject({ status: 'completed', revision: 2 });
    expect(res.body.data.summary).toMatch(
      /^Nothing in the feedback could be applied, so no revision was made: not applied: "background colour forest green \(#[0-9a-f]{6}\)" \(the current output already has this/,
    );
    expect((await run(runId)).revision).toBe(2);
    expect(await charges(runId)).toEqual(charged);
  });

  test('"make the text serif" on a Social Post lands on the picture, although its words name text', async () => {
    const { runId } = await completedRun(SOCIAL_POST, { topic: 'a reusable water bottle' });

    const res = await feedback(runId, 'make the text serif');

    expect(res.body.data.revision).toBe(2);
    expect(res.body.data.refinedNodes).toEqual([
      {
        nodeId: 'image',
        reason: expect.stringMatching(/"Post image" can \(serif type\); applied: serif type/),
      },
    ]);
  });

  test('"just one hashtag" on a Social Post leaves exactly one hashtag', async () => {
    const { runId } = await completedRun(SOCIAL_POST, { topic: 'a reusable water bottle' });

    const res = await feedback(runId, 'just one hashtag');

    expect(res.body.data.refinedNodes[0].reason).toMatch(/applied: 1 hashtag/);
    const caption = (await run(runId)).outputs.find((o) => o.id !== 'out_image')!;
    expect(caption.value.match(/#\w+/g)).toHaveLength(1);
  });

  test('"make the ad 15 seconds long" on a video that lasts as long as its voiceover is declined, naming the script', async () => {
    const { runId } = await completedRun(VIDEO_AD, { product: 'Crumb & Co. sourdough, naturally leavened' });

    const res = await feedback(runId, 'make the ad 15 seconds long');

    expect(res.body.data.revision).toBe(1);
    expect(res.body.data.summary).toMatch(
      /^Nothing in the feedback could be applied, so no revision was made/,
    );
    expect(res.body.data.summary).toContain('lasts as long as its voiceover');
    expect(res.body.data.summary).toMatch(/ask for (a script of )?about \d+ words/);
  });
});
