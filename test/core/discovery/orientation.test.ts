import { catalogIndex } from '../../../core/discovery/catalog-index';
import { orientationFactor, statedOrientation } from '../../../core/discovery/orientation';
import { rankApps, readForCatalog } from '../../../core/discovery/rank-apps';
import { CATALOG } from './catalog-candidates';
import { EXPLAINER, VIDEO_AD } from './own-briefs';

const orientation = (brief: string) => statedOrientation(readForCatalog(brief, CATALOG));
const index = catalogIndex(CATALOG);

describe('a stated orientation is a constraint on the app', () => {
  test('words and ratios state one orientation', () => {
    expect(orientation('Horizontal, 30 seconds, captions burned in')).toBe('horizontal');
    expect(orientation('A 16:9 video about tide pools')).toBe('horizontal');
    expect(orientation('portrait 4:5 post for the feed')).toBe('vertical');
    expect(orientation('a square card with the quote')).toBe('square');
  });

  test('several orientations, or none, state nothing', () => {
    expect(orientation('9:16 and 16:9 cuts of the same ad')).toBeNull();
    expect(orientation('A video about tide pools')).toBeNull();
  });

  test('an app whose excluded intents name the orientation ranks lower; others are untouched', () => {
    expect(orientationFactor(VIDEO_AD, index, 'horizontal')).toBeLessThan(1);
    expect(orientationFactor(VIDEO_AD, index, 'vertical')).toBe(1);
    expect(orientationFactor(EXPLAINER, index, 'vertical')).toBeLessThan(1);
    expect(orientationFactor(EXPLAINER, index, null)).toBe(1);
  });

  test('a landscape narrated video ranks the vertical-only ad maker lower than the same brief unshaped', () => {
    const brief =
      'for our YouTube channel, narrated with burned-in captions: how compost turns scraps into soil';
    const adScore = (text: string) =>
      rankApps(text, CATALOG).matches.find((m) => m.appId === VIDEO_AD)?.relevanceScore ?? 0;
    expect(adScore(`Landscape 16:9 ${brief}`)).toBeLessThan(adScore(`Narrated ${brief}`) * 0.7);
  });
});
