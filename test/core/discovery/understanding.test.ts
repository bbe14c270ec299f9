import { FIT_THRESHOLD, rankApps } from '../../../core/discovery/rank-apps';
import { CATALOG } from './catalog-candidates';
import {
  BLOG,
  VIDEO_AD,
  CAROUSEL,
  QUOTE,
  EXPLAINER,
  FIT_BRIEFS,
  IMAGE,
  NO_FIT_BRIEFS,
  SOCIAL,
  AUDIOGRAM,
} from './own-briefs';

const top = (brief: string) => rankApps(brief, CATALOG).matches[0]?.appId;

describe('rankApps on the shipped catalog (briefs written for these tests)', () => {
  test.each(FIT_BRIEFS)('routes %j to the app a person would pick', (brief, appId) => {
    const result = rankApps(brief, CATALOG);
    expect(result.matches[0]?.appId).toBe(appId);
    expect(result.verdict).toEqual({ status: 'fit', reason: null });
  });

  test.each(NO_FIT_BRIEFS)('abstains on %j, which no app makes, and says why', (brief) => {
    const { verdict } = rankApps(brief, CATALOG);
    expect(verdict.status).toBe('unmatched');
    expect(verdict.reason).toMatch(/^No app/);
  });
});

describe('words of a kind reach the app made for it', () => {
  test('training words (onboarding, induction, lesson) reach the explainer', () => {
    expect(
      top(
        'A short onboarding piece with a voice for new baristas: grind fresh, weigh the shot, clean the steam wand',
      ),
    ).toBe(EXPLAINER);
  });
});

describe('surface tokens do not hijack the choice', () => {
  test('an aspect ratio is a constraint, not evidence for the apps whose text mentions it', () => {
    expect(top('Picture of a red barn in a wheat field, 16:9')).toBe(IMAGE);
    expect(top('A 4:5 picture of a snowy cabin at dusk')).toBe(IMAGE);
    expect(top('9:16 image of a neon-lit ramen bar in the rain')).toBe(IMAGE);
  });

  test('a percentage is content, and "text to image" names Image from Prompt, not a card with text', () => {
    expect(top('30% off all shoes this weekend, post for Instagram')).toBe(SOCIAL);
    expect(top('text to image: a koi pond at night under lanterns')).toBe(IMAGE);
  });

  test('words in the topic or in quotes do not pull toward the app they name', () => {
    expect(top('Instagram post about our new podcast studio opening')).toBe(SOCIAL);
    expect(top('Explainer video on how a podcast is produced: record, edit, publish')).toBe(EXPLAINER);
  });
});

describe('words that name the same thing as an app does', () => {
  test.each([
    'Could you do an illustration of a lighthouse keeper reading by lamplight',
    'I want a drawing of two otters holding hands in a river',
    'some artwork of a paper boat sailing through a city gutter',
  ])('%j asks for an image as surely as the word "image" would', (brief) => {
    const result = rankApps(brief, CATALOG);
    expect(result.matches[0]?.appId).toBe(IMAGE);
    expect(result.verdict.status).toBe('fit');
    expect(result.intent.medium).toBe('image');
  });

  test('what the subject does ("a balloon launching") is not the brief announcing something', () => {
    const { matches } = rankApps('I need a drawing of a hot-air balloon launching over a vineyard', CATALOG);
    expect(matches[0]?.appId).toBe(IMAGE);
    expect(matches[0]?.whyMatch).not.toMatch(/"post"/);
  });
});

describe('reasons are honest about words the brief does not write', () => {
  test('a word the brief implies is named with what implied it', () => {
    const { matches } = rankApps('"Simplicity is the ultimate sophistication." - Leonardo da Vinci', CATALOG);
    expect(matches[0]?.appId).toBe(QUOTE);
    expect(matches[0]?.whyMatch).toMatch(/"quote" \(implied by a quotation with its author\)/);
  });

  test('a word the brief writes is never taken for the same word implied', () => {
    const { matches } = rankApps(
      'A square post about our farmers market on Sunday for our Instagram followers',
      CATALOG,
    );
    expect(matches[0]?.appId).toBe(SOCIAL);
    expect(matches[0]?.whyMatch).toMatch(/"post"/);
    expect(matches[0]?.whyMatch).not.toMatch(/implied/);
  });
});

describe('the people who follow an account stand for its feed', () => {
  test.each([
    'We want something for our followers about the autumn open day at the farm',
    'Need to tell our subscribers the workshop moved to Thursday',
    'Something to show our fans that the tour merch is back in stock',
  ])('%j asks for a post', (brief) => {
    const result = rankApps(brief, CATALOG);
    expect(result.matches[0]?.appId).toBe(SOCIAL);
    expect(result.verdict.status).toBe('fit');
  });
});

describe('a phrase that stands for one word', () => {
  test.each([
    'A short narrated video walking through how to return a rental bike: scan, lock, photo of the dock',
    'How-to video on descaling an espresso machine',
  ])('%j asks for an explainer', (brief) => {
    const { matches } = rankApps(brief, CATALOG);
    expect(matches[0]?.appId).toBe(EXPLAINER);
    expect(matches[0]?.whyMatch).toMatch(/"(walking through|How to)"/);
  });
});

describe("the caller's own piece is not the thing to make", () => {
  test.each([
    ['My essay on slow travel needs a header picture', BLOG],
    ['Our newsletter about urban beekeeping needs an image at the top', BLOG],
    [
      'Putting together our field report on the river clean-up; the top of the page needs something, with alt text',
      BLOG,
    ],
  ])('%j asks for what the piece needs', (brief, appId) => {
    const result = rankApps(brief, CATALOG);
    expect(result.matches[0]?.appId).toBe(appId);
    expect(result.verdict.status).toBe('fit');
  });

  test('what a picture shows is its subject, not evidence for an app ("an image of a warm fireplace")', () => {
    expect(top('make an image of a warm fireplace in a mountain hut')).toBe(IMAGE);
  });
});

describe('a quotation with its author named before it', () => {
  test(`"Maya Angelou's words "..." with our followers" asks for a quote card`, () => {
    const result = rankApps(
      'For Monday we would like to share Maya Angelou\'s words "Nothing will work unless you do" with our followers',
      CATALOG,
    );
    expect(result.matches[0]?.appId).toBe(QUOTE);
    expect(result.intent.medium).not.toBe('text');
  });
});

describe('the picture to make is not a picture the caller has', () => {
  test('"the login page of our site needs a background picture of ..." is an image to generate', () => {
    const result = rankApps(
      'The login page of our site needs a background picture of a foggy pine forest at sunrise',
      CATALOG,
    );
    expect(result.matches[0]?.appId).toBe(IMAGE);
  });
});

describe('a sentence that asks, after a colon of facts, is the request again', () => {
  test('"... in: facts. We want something spoken, with subtitles ..." asks for a video ad', () => {
    const result = rankApps(
      'The Nimbus rain jacket is finally here: fully taped seams, packs into its pocket. We want something spoken, with subtitles, for Instagram stories, ending on "Stay dry out there".',
      CATALOG,
    );
    expect(result.intent.medium).toBe('video');
    expect(result.matches[0]?.appId).toBe(VIDEO_AD);
    expect(result.verdict.status).toBe('fit');
  });
});

describe('typos and non-native phrasing keep the app', () => {
  test.each([
    ['carousal with 3 tips for new runners: start slow, rest, hydrate', CAROUSEL],
    ['instagarm post for our bakery anniversary', SOCIAL],
    ['podcats audiogramm for episode "Night Trains"', AUDIOGRAM],
    ['explaner vidoe on how recycling works: sort, rinse, bin', EXPLAINER],
    ['please make the big picture on top of my blog for post "Moving to Lisbon"', BLOG],
  ])('%j', (brief, appId) => {
    expect(top(brief)).toBe(appId);
  });
});

describe('scores and reasons', () => {
  test('relevance and confidence are 0..1, matches are ordered by confidence, and a fit reaches the one threshold', () => {
    for (const [brief] of FIT_BRIEFS) {
      const { matches } = rankApps(brief, CATALOG);
      const scores = matches.map((m) => m.relevanceScore);
      const confidences = matches.map((m) => m.confidence);
      expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
      for (const s of [...scores, ...confidences]) expect(s).toBeGreaterThanOrEqual(0);
      for (const s of [...scores, ...confidences]) expect(s).toBeLessThanOrEqual(1);
      expect(Math.max(...scores)).toBeGreaterThanOrEqual(FIT_THRESHOLD);
    }
  });

  test('reasons name only words the brief used (or their corrected spelling)', () => {
    const brief = 'carousal about 3 ways to cut food waste: plan meals, freeze leftovers';
    const [best] = rankApps(brief, CATALOG).matches;
    const words = [...brief.toLowerCase().split(/[^a-z0-9]+/), 'carousel'];
    for (const reason of best.matchReasons.filter((r) => r.source !== 'capability'))
      for (const term of reason.terms)
        expect(words.some((w) => w.startsWith(term.toLowerCase().split(' ')[0].slice(0, 4)))).toBe(true);
    expect(best.whyMatch).toMatch(/^Three-Slide Carousel: /);
  });

  test('the same brief gives the same answer', () => {
    const brief = 'Vertical video ad for the Breeze desk fan, call to action "Stay cool"';
    expect(rankApps(brief, CATALOG)).toEqual(rankApps(brief, CATALOG));
  });
});
