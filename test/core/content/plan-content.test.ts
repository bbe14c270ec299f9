import { planContent, type ContentRequest } from '../../../core/content/plan-content';
import { gatherGuidance } from '../../../core/content/prompt-guidance';
import type { BrandContext } from '../../../core/brand/brand-context';
import { BrandDna } from '../../../core/brand/brand-context';
import type { ContentTemplate } from '../../../core/content/content-template';
import { contentApps, PHOTO_CLIP, PROMPT_IMAGE, SOCIAL_POST } from './content-fixtures';

const none = gatherGuidance(null, null);
const request = (r: Partial<ContentRequest>): ContentRequest => ({
  brief: '',
  headless: false,
  guidance: none,
  ...r,
});

const TEMPLATE: ContentTemplate = {
  id: 'test-template',
  name: 'Test',
  description: '',
  category: 'launch',
  suggestedModalities: ['image'],
  suggestedPlatforms: ['instagram'],
  guidance: {
    promptDirectives: ['Lead with the single benefit'],
    negativePrompts: ['cluttered background'],
    winningPatterns: [],
    testIdeas: [],
    compositions: [],
  },
};
const BRAND: BrandContext = {
  profileId: 'b1',
  name: 'Oatly-ish',
  dna: BrandDna.parse({
    voiceAttributes: ['warm', 'witty'],
    guardrails: ['no health claims'],
    contentPillars: ['oats'],
  }),
  identity: null,
  strategy: null,
  guidance: null,
};

describe('planContent', () => {
  test('discovery picks the app and the brief fills it (mode recipe)', () => {
    const plan = planContent(
      request({ brief: 'An Instagram post announcing our spring sale, minimal style' }),
      contentApps(),
    );
    expect(plan).toMatchObject({
      status: 'ran',
      mode: 'recipe',
      selectedApp: { appId: SOCIAL_POST.appId },
      draft: { inputs: { style: 'Minimal', aspect_ratio: '4:5' } },
    });
  });

  test('a forced appId wins in interactive mode and is ignored in headless mode', () => {
    const brief = 'An Instagram post announcing our spring sale';
    expect(planContent(request({ brief, appId: PROMPT_IMAGE.appId }), contentApps())).toMatchObject({
      status: 'ran',
      mode: 'app',
      selectedApp: { appId: PROMPT_IMAGE.appId },
    });
    expect(
      planContent(request({ brief, appId: PROMPT_IMAGE.appId, headless: true }), contentApps()),
    ).toMatchObject({ status: 'ran', mode: 'recipe', selectedApp: { appId: SOCIAL_POST.appId } });
  });

  test('interactive mode asks for a URL it cannot draft', () => {
    const plan = planContent(
      request({ brief: 'Animate my photo into a video clip, zoom in' }),
      contentApps(),
    );
    expect(plan).toMatchObject({
      status: 'needs_input',
      selectedApp: { appId: PHOTO_CLIP.appId },
      askUser: [{ name: 'Photo', key: 'photo', type: 'url', required: true, question: expect.any(String) }],
    });
  });

  test('headless mode never needs input: it falls back to an app it can run, or is unmatched', () => {
    const briefs = [
      'Animate my photo into a video clip',
      'An Instagram post about oat milk',
      'qwzx blorf',
      'an image of a lighthouse at dusk',
      'zoom in',
      '',
    ];
    for (const brief of briefs) {
      const plan = planContent(request({ brief, headless: true }), contentApps());
      expect(['ran', 'unmatched']).toContain(plan.status);
    }
    const onlyClip = planContent(
      request({ brief: 'Animate my photo into a video clip', headless: true }),
      contentApps([PHOTO_CLIP]),
    );
    expect(onlyClip).toEqual({
      status: 'unmatched',
      cause: 'cannot_run',
      reason: expect.stringContaining('photo (a public media URL)'),
      ranked: expect.any(Array),
      candidates: [expect.objectContaining({ appId: PHOTO_CLIP.appId })],
      selectedApp: expect.objectContaining({ appId: PHOTO_CLIP.appId }),
      unmetAsks: expect.arrayContaining([expect.objectContaining({ key: 'photo', autoFillable: false })]),
    });
  });

  test('a nonsense brief is unmatched in headless mode and asks what to make in interactive mode', () => {
    expect(planContent(request({ brief: 'qwzx blorf vlim', headless: true }), contentApps())).toMatchObject({
      status: 'unmatched',
      cause: 'no_fit',
      reason: expect.stringContaining('No app fits'),
      candidates: [],
    });
    expect(planContent(request({ brief: 'qwzx blorf vlim' }), contentApps())).toMatchObject({
      status: 'needs_clarification',
      cause: 'no_fit',
      candidates: [],
      question: 'What would you like to create, and for which platform?',
    });
  });

  test('headless reports guessed values as unmet asks', () => {
    const plan = planContent(
      request({ brief: 'Animate https://cdn.example.com/a.jpg into a clip', headless: true }),
      contentApps(),
    );
    expect(plan).toMatchObject({
      status: 'ran',
      selectedApp: { appId: PHOTO_CLIP.appId },
      unmetAsks: [{ key: 'motion', autoFillable: true }],
    });
  });

  test('template directives and brand context reach a prompt parameter', () => {
    const guidance = gatherGuidance(BRAND, TEMPLATE);
    const plan = planContent(
      request({ brief: 'an illustration of a lighthouse at dusk', appId: PROMPT_IMAGE.appId, guidance }),
      contentApps(),
    );
    if (plan.status !== 'ran') throw new Error(plan.status);
    expect(plan.draft.inputs.prompt).toBe(
      'lighthouse at dusk\n\nBrand voice: warm, witty. Content pillars: oats. Follow: Lead with the single benefit. Avoid: cluttered background, no health claims.',
    );
    expect(plan.app.plan).toEqual(contentApps([PROMPT_IMAGE])[0].compiled.plan);
  });

  test('without a prompt parameter, guidance goes into the generation nodes and the plan is recompiled', () => {
    const guidance = gatherGuidance(null, TEMPLATE);
    const plan = planContent(request({ brief: 'An Instagram post about oat milk', guidance }), contentApps());
    if (plan.status !== 'ran') throw new Error(plan.status);
    const node = (id: string) => plan.app.plan.nodes.find((n) => n.id === id)!;
    expect(node('image').config.prompt).toBe(
      '{{style}} graphic about {{topic}}. Follow: Lead with the single benefit. Avoid: cluttered background.',
    );
    expect(node('caption').config.system).toContain('Lead with the single benefit');
    // The request ("An Instagram post about") is not the topic.
    expect(plan.draft.inputs.topic).toBe('oat milk');
  });

  test('autoQuality runs a variant with a quality gate before every output', () => {
    const plan = planContent(
      request({ brief: 'An Instagram post about oat milk', qualityGate: { minScore: 0.8, maxRetries: 3 } }),
      contentApps(),
    );
    if (plan.status !== 'ran') throw new Error(plan.status);
    const byId = new Map(plan.app.plan.nodes.map((n) => [n.id, n]));
    for (const output of plan.app.plan.outputs) {
      const gate = byId.get(byId.get(output.nodeId)!.parents[0])!;
      expect(gate).toMatchObject({ type: 'quality.check', config: { minScore: 0.8, maxRetries: 3 } });
    }
    expect(plan.app.capabilities.hasQualityControl).toBe(true);
  });
});
