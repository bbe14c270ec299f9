import { draftForApp, planContent, type ContentRequest } from '../../../core/content/plan-content';
import { gatherGuidance } from '../../../core/content/prompt-guidance';
import { CATALOG, CATALOG_APPS } from '../discovery/catalog-candidates';
import { CAMPAIGN, PRODUCT, SCRIPTED, SOCIAL, UGC, VIDEO_AD } from '../discovery/own-briefs';
import { HARD_BRIEFS, SLOT_BRIEFS, type FieldCheck, type OwnBrief } from './own-briefs';

const words = (s: string) =>
  ` ${s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim()} `;

const requestOf = (brief: string, extra: Partial<ContentRequest> = {}): ContentRequest => ({
  brief,
  headless: true,
  guidance: gatherGuidance(null, null),
  catalog: CATALOG,
  ...extra,
});

function plan(brief: string, extra: Partial<ContentRequest> = {}) {
  return planContent(requestOf(brief, extra), CATALOG_APPS);
}

/**
 * The plan as a caller finishes it: a run, or (when the router is unsure and offers the app first,
 * or chose it but lacks an input) the draft for that app, as the caller who picks it would run it.
 */
function finished(brief: string, extra: Partial<ContentRequest> = {}) {
  const result = plan(brief, extra);
  if (result.status === 'ran') return result;
  const offered =
    result.status === 'unmatched'
      ? result.cause === 'cannot_run'
        ? result.selectedApp?.appId
        : result.candidates[0]?.appId
      : undefined;
  const content = CATALOG_APPS.find((a) => a.appId === offered);
  if (!content) return result;
  return {
    status: 'ran' as const,
    selectedApp: { appId: content.appId, name: content.compiled.definition.name },
    draft: draftForApp(requestOf(brief, extra), content, true),
  };
}

function checkFields(b: OwnBrief): string[] {
  const result = finished(b.brief, { platform: b.platform });
  if (result.status !== 'ran') return [`${result.status}`];
  if (result.selectedApp.appId !== b.app) return [`routed to ${result.selectedApp.name}`];
  const app = CATALOG_APPS.find((a) => a.appId === b.app)!.compiled.definition;
  const draft = result.draft;
  return Object.entries(b.fields).flatMap(([key, check]: [string, FieldCheck]) => {
    const value = String(draft.inputs[key] ?? app.parameters.find((p) => p.key === key)!.default ?? '');
    const right =
      check.equals !== undefined
        ? value === check.equals
        : (check.has ?? []).every((h) => words(value).includes(words(h))) &&
          !(check.not ?? []).some((n) => words(value).includes(words(n)));
    return right ? [] : [`${key}=${JSON.stringify(value)}`];
  });
}

describe('slot filling on the shipped catalog (briefs written for these tests)', () => {
  test.each(SLOT_BRIEFS.map((b) => [b.brief, b] as const))(
    '%j fills every field as a person would',
    (_, b) => {
      expect(checkFields(b)).toEqual([]);
    },
  );

  // Documented limits of the rules: a chat model (tool calling) is the way for these.
  test.failing.each(HARD_BRIEFS.map((b) => [b.brief, b] as const))('(known limit) %j', (_, b) => {
    expect(checkFields(b)).toEqual([]);
  });
});

describe('labels, requests and constraints never become values', () => {
  test('a label before a colon is not the product, the topic or the script', () => {
    const ad = finished('Vertical video ad: the Pebble speaker, waterproof, 12h battery');
    expect(ad).toMatchObject({ status: 'ran', selectedApp: { appId: VIDEO_AD } });
    if (ad.status !== 'ran') return;
    expect(ad.draft.inputs.product).toMatch(/^Pebble speaker/);
    expect(words(String(ad.draft.inputs.product))).not.toContain(' vertical ');

    const script = plan('Script to video: "Breakfast is served until noon. Pancakes, eggs, coffee."');
    expect(script).toMatchObject({
      status: 'ran',
      selectedApp: { appId: SCRIPTED },
      draft: { inputs: { script: 'Breakfast is served until noon. Pancakes, eggs, coffee.' } },
    });
  });

  test('a quoted call to action goes to the call to action, not to the product or campaign', () => {
    const ad = plan('TikTok ad for the Fizz soda, zero sugar. Call to action: "Crack one open"');
    expect(ad).toMatchObject({
      status: 'ran',
      draft: { inputs: { call_to_action: 'Crack one open', product: expect.stringMatching(/^Fizz soda/) } },
    });
    const campaign = plan('Campaign kit with approval for our Garden Week, cta "Plant something"');
    expect(campaign).toMatchObject({
      status: 'ran',
      selectedApp: { appId: CAMPAIGN },
      draft: { inputs: { call_to_action: 'Plant something', campaign: 'Garden Week' } },
    });
  });

  test('the whole brief is never pasted into a text field', () => {
    for (const b of SLOT_BRIEFS) {
      const result = plan(b.brief);
      if (result.status !== 'ran') continue;
      for (const value of Object.values(result.draft.inputs))
        if (typeof value === 'string' && value.length > 30) expect(words(value)).not.toBe(words(b.brief));
    }
  });

  test('platforms and ratios set the shape, not the topic', () => {
    const post = finished('Instagram post, 4:5, gradient style: our terrace is open again');
    expect(post).toMatchObject({
      status: 'ran',
      selectedApp: { appId: SOCIAL },
      draft: { inputs: { topic: 'terrace is open again', aspect_ratio: '4:5', style: 'Gradient' } },
    });
  });

  test('typos in option labels still find the label ("impresion", "problem-fix")', () => {
    expect(plan('ugc scirpt for our Puff pillow, honest first impresion')).toMatchObject({
      selectedApp: { appId: UGC },
      draft: { inputs: { angle: 'Honest first impression' } },
    });
    expect(plan('creator script for the Puff pillow, problem-fix angle')).toMatchObject({
      draft: { inputs: { angle: 'Problem and fix' } },
    });
  });
});

describe("the caller's platform, modality and aspect ratio", () => {
  test('a stated modality reads as a word of the request, the ratio goes to the shape', () => {
    expect(finished('a fox asleep in the snow', { modality: 'image', aspectRatio: '16:9' })).toMatchObject({
      status: 'ran',
      selectedApp: { name: 'Image from Prompt' },
      draft: { inputs: { prompt: 'fox asleep in the snow', aspect_ratio: '16:9' } },
    });
  });

  test('a platform gives its usual shape when the brief states none', () => {
    expect(plan('Instagram post with a caption about our new menu')).toMatchObject({
      selectedApp: { appId: SOCIAL },
      draft: { inputs: { topic: 'new menu', aspect_ratio: '4:5' } },
    });
  });
});

describe('briefs with a photo URL', () => {
  test('the URL goes to the media field; a brief without one cannot run the app and says so', () => {
    expect(
      plan('Put https://shop.example.com/jar.png on a warm backdrop, it is the Honey Jar'),
    ).toMatchObject({
      status: 'ran',
      selectedApp: { appId: PRODUCT },
      draft: { inputs: { product_image: 'https://shop.example.com/jar.png', product_name: 'Honey Jar' } },
    });
    const missing = plan('Put our Honey Jar product photo on a warm styled background');
    expect(missing).toMatchObject({ status: 'unmatched', reason: expect.stringContaining('product_image') });
  });
});
