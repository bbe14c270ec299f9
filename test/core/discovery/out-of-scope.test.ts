import { rankApps } from '../../../core/discovery/rank-apps';
import { CATALOG } from './catalog-candidates';

const verdict = (brief: string) => rankApps(brief, CATALOG).verdict;

describe('decisive checks: what no app can do, whatever words it shares with them', () => {
  test.each([
    ['translate', 'Translate our captions into Spanish'],
    ['schedule', "Schedule next week's posts at 9am"],
    ['analytics', 'Instagram analytics for March'],
    ['edit an existing file', 'Cut the long pauses from my podcast episode'],
    ['send', 'Send our newsletter to all subscribers'],
    ['a file format no app outputs', 'Our price list as a spreadsheet'],
    ['a file format no app outputs', 'A 40-page PDF whitepaper on solar energy'],
    ['a length beyond any app', 'A 20-minute documentary video about our founders'],
    ['a long document', 'Write a blog post about our summer menu'],
    ['a question for advice', 'Which hashtags should I use for my bakery?'],
    ['media the app cannot take', 'Convert my MOV files to MP4'],
    ['a plan, not the posts', 'Put together a posting calendar for our bakery for April'],
    ['a plan, not the posts', 'We need a TikTok strategy for the new sneaker line'],
    [
      'a document, not content',
      'Put together an onboarding doc for new volunteers at our food bank, with photos of the warehouse',
    ],
    [
      'a newsletter owned by its month',
      "Write next week's member newsletter with a header image of the pool",
    ],
    ['a drawing exact to its data', 'Sketch a site plan of the campsite with 40 pitches'],
    ['a drawing exact to its data', 'Make a pie chart of where our revenue comes from'],
    ['publishing what the caller has', 'Please tweet this for us at noon'],
  ])('%s: %j is unmatched with the reason', (_, brief) => {
    expect(verdict(brief)).toEqual({ status: 'unmatched', reason: expect.stringMatching(/^No app/) });
  });

  test('the caller filming, who asks for something else, asks no capture ("I want to film ... and need the words")', () => {
    const result = rankApps(
      'A pet brand sent me their new dog harness. I want to film our morning walk with it and need what to say to camera, a hook for the screen and a caption, plus a rough voice read.',
      CATALOG,
    );
    expect(result.verdict.status).not.toBe('unmatched');
    expect(verdict('I want to record a podcast episode with our CEO next week').status).toBe('unmatched');
  });

  test('a negated excluded intent does not exclude ("no finished video" fits the script app)', () => {
    const result = rankApps(
      'Creator script for our Zen tea, no finished video, we film it ourselves',
      CATALOG,
    );
    expect(result.verdict.status).toBe('fit');
    expect(result.matches[0].name).toBe('UGC-Style Script with Voiceover');
  });

  test('"share this: <content>" carries the content to make, and "post about" asks for a post', () => {
    expect(
      rankApps('Share this with our followers: the studio is open late on Fridays now', CATALOG).verdict
        .status,
    ).toBe('fit');
    expect(rankApps('Post about our plant swap on Saturday, Instagram', CATALOG).verdict.status).toBe('fit');
  });

  test('an operation the app names is not excluded ("change the background of my product photo")', () => {
    const result = rankApps('change the background of my product photo https://x.example/a.png', CATALOG);
    expect(result.matches[0].name).toBe('Product Photo on a Styled Background');
  });
});
