import { readArtDirection } from '../../../../adapters/models/local/art-direction';
import { readMotionDirection } from '../../../../adapters/models/local/local-video';
import { readTextDirection } from '../../../../adapters/models/local/text-direction';

/**
 * Wording does not decide (issue 29 item 6): every direction the local readers support, each said at least
 * five ways, with negation, quantity and replacement among them. Each phrasing is applied exactly as the
 * `applied` column says and nothing of it is declined.
 */
type Reading = { applied: string[]; declined: { direction: string; reason: string }[] };
const caption = (d: string) => readTextDirection([d], 'caption');
const script = (d: string) => readTextDirection([d], 'script');
const art = (d: string) => readArtDirection([d]);
const overPicture = (d: string) => readMotionDirection([d], { hasImage: true });

const TABLE: [string, (d: string) => Reading, unknown[], string[]][] = [
  [
    'no hashtags',
    caption,
    ['no hashtags'],
    [
      'no hashtags',
      'remove the hashtags',
      'please drop all the hashtags',
      "don't use hashtags",
      'without any hashtags',
      'get rid of the hashtags',
      'lose the hashtags',
    ],
  ],
  [
    'exactly one hashtag',
    caption,
    ['1 hashtag'],
    [
      'just one hashtag',
      'only one hashtag',
      'a single hashtag',
      'use exactly 1 hashtag',
      'keep it to one hashtag',
      'one hashtag is enough',
    ],
  ],
  [
    'at most two hashtags',
    caption,
    ['2 hashtags'],
    [
      'no more than 2 hashtags',
      'at most two hashtags',
      'max 2 hashtags',
      'one or two hashtags',
      'limit the hashtags to 2',
      'up to two hashtags',
    ],
  ],
  [
    'fewer hashtags',
    caption,
    ['fewer hashtags'],
    [
      'fewer hashtags',
      'less hashtags please',
      'too many hashtags',
      'not so many hashtags',
      'cut down on the hashtags',
    ],
  ],
  [
    'more hashtags',
    caption,
    ['more hashtags'],
    ['more hashtags', 'add some hashtags', 'extra hashtags', 'include hashtags', 'use more hashtags'],
  ],
  [
    'no emoji',
    caption,
    ['no emoji'],
    ['no emoji', "don't use emoji", 'remove the emojis', 'without emoji', 'drop the emoji', 'zero emoji'],
  ],
  [
    'emoji added',
    caption,
    ['emoji added'],
    ['add an emoji', 'add emoji', 'use some emoji', 'just one emoji', 'put in an emoji', 'with emojis'],
  ],
  [
    'the call to action in the user words',
    caption,
    ['call to action "Pre-order for Saturday pickup"'],
    [
      'end with "Pre-order for Saturday pickup"',
      'call to action: Pre-order for Saturday pickup',
      'make the call to action Pre-order for Saturday pickup',
      "use 'Pre-order for Saturday pickup' as the CTA",
      'change the CTA to Pre-order for Saturday pickup',
      'the CTA should be pre-order for Saturday pickup',
    ],
  ],
  [
    'no call to action',
    caption,
    ['no call to action'],
    [
      'no call to action',
      'remove the CTA',
      'drop the call to action',
      "don't include a call to action",
      'without a CTA',
    ],
  ],
  [
    'shorter',
    caption,
    ['shorter'],
    ['shorter', 'make it more concise', "it's too long", 'trim it', 'too wordy', 'snappier please'],
  ],
  [
    'longer',
    caption,
    ['longer'],
    ['longer', 'make it longer', 'expand it', 'more detail', 'it is too short', 'a fuller caption'],
  ],
  [
    'about 20 words',
    caption,
    ['about 20 words'],
    ['in 20 words', 'twenty words', 'about 20 words', 'under 20 words', 'no more than twenty words'],
  ],
  [
    'playful tone',
    caption,
    ['playful tone'],
    ['more playful', 'make it fun', 'friendlier', 'a more casual tone', 'witty please'],
  ],
  [
    'less formal',
    caption,
    ['playful tone (less formal)'],
    ['less formal', 'not so formal', 'too formal', "don't be so formal", 'not as formal'],
  ],
  [
    'professional tone',
    script,
    ['professional tone'],
    ['more professional', 'formal', 'make it sound corporate', 'a serious tone', 'more polished'],
  ],
  [
    'background colour navy',
    art,
    [expect.stringMatching(/^background colour navy \(#[0-9a-f]{6}\)$/)],
    [
      'navy background',
      'make the background navy',
      'navy instead of black',
      'a navy background, not a white one',
      'replace the black background with navy',
      'instead of white, use navy',
      'not white but navy',
    ],
  ],
  [
    'text colour white',
    art,
    [expect.stringMatching(/^text colour white \(#[0-9a-f]{6}\)$/)],
    ['white text', 'make the text white', 'the headline in white', 'white lettering', 'type in white'],
  ],
  [
    'serif type',
    art,
    ['serif type'],
    [
      'serif',
      'use a serif font for the text',
      'make the text serif',
      'a serif typeface',
      "don't use sans-serif",
      'serif instead of sans',
    ],
  ],
  [
    'sans-serif type',
    art,
    ['sans-serif type'],
    ['sans-serif', 'a sans serif font', 'make the text sans', 'no serif', 'not serif'],
  ],
  [
    'text centred',
    art,
    ['text centred'],
    ['centre the text', 'center the headline text', 'put the text in the middle', 'centred text', 'centered'],
  ],
  [
    'regular-weight type',
    art,
    ['regular-weight type'],
    ['not bold', 'less bold text', 'thinner text', "don't make the text bold", 'regular weight type'],
  ],
  [
    'bigger text',
    art,
    ['bigger text'],
    ['bigger text', 'make the headline larger', 'the text is too small', 'enlarge the title', 'larger type'],
  ],
  [
    'smaller text',
    art,
    ['smaller text'],
    ['smaller text', 'the text is too big', 'shrink the headline', 'make the title smaller', 'tiny type'],
  ],
  [
    'lighter',
    art,
    ['lighter, light background'],
    [
      'lighter',
      'too dark',
      'make it brighter',
      'a light background',
      'not so dark',
      'swap the dark background for a light one',
    ],
  ],
  [
    'darker',
    art,
    ['darker, dark background'],
    ['darker', 'dark mode', 'too bright', 'a dark background', 'not so light'],
  ],
  [
    'muted colours',
    art,
    ['muted colours'],
    ['muted colours', 'less colourful', 'tone it down', 'too vibrant', 'subdued colors'],
  ],
  [
    'minimal style',
    art,
    ['minimal style'],
    ['minimal', 'cleaner', 'simpler design', 'less busy', 'make it minimalist'],
  ],
  [
    '15 seconds long',
    overPicture,
    ['15 seconds long'],
    ['15 seconds', 'fifteen seconds long', 'make it 15s', 'a 15-second clip', 'exactly 15 sec'],
  ],
  [
    'at most 10 seconds',
    overPicture,
    ['at most 10 seconds long'],
    ['no more than 10 seconds', 'under ten seconds', 'at most 10 s', 'max 10 seconds', 'up to 10 seconds'],
  ],
  [
    'pan left',
    overPicture,
    ['pan-left motion'],
    ['pan left', 'pan to the left', 'pan left instead of zooming', 'a leftward pan', 'panning left'],
  ],
  [
    'zoom out',
    overPicture,
    ['zoom-out motion'],
    ['zoom out', 'zooming out', 'zoom out instead', 'zoom out rather than panning', 'zoom-out'],
  ],
  [
    'no camera motion',
    overPicture,
    ['no camera motion'],
    ['no zoom', "don't zoom", 'static', 'no camera motion', 'keep it still', 'without zooming'],
  ],
  [
    'shorter clip',
    overPicture,
    ['shorter clip'],
    ['shorter', 'make the clip shorter', 'too long', 'trim it', 'shorten the clip'],
  ],
];

describe('local direction readers: each supported direction, said five ways or more', () => {
  test.each(TABLE)('%s', (_name, read, expected, phrasings) => {
    expect(phrasings.length).toBeGreaterThanOrEqual(5);
    for (const phrasing of phrasings) {
      const reading = read(phrasing);
      expect({ phrasing, applied: reading.applied, declined: reading.declined }).toEqual({
        phrasing,
        applied: expected,
        declined: [],
      });
    }
  });
});

describe('local direction readers: what cannot be done is declined with what would work', () => {
  test.each([
    ['add some upbeat background music', art, /no local model makes music/],
    ['add a cat in the corner', art, /cannot add, remove or change objects/],
    ['not blue', art, /name what you want instead \(a colour such as/],
    ['make the script 15 seconds long', script, /ask for "about 38 words"/],
    ['pan slowly to the left', overPicture, /one speed/],
    ['two emoji', caption, /ask for "one emoji"/],
    ['add hashtags', script, /a spoken script carries no hashtags/],
    ['less text on the image', caption, /this is about the picture/],
  ])('"%s"', (phrasing, read, reason) => {
    expect(
      read(phrasing)
        .declined.map((d) => d.reason)
        .join(' | '),
    ).toMatch(reason);
  });

  test('"pan slowly to the left instead of zooming" pans left and says the speed was not applied', () => {
    expect(overPicture('pan slowly to the left instead of zooming')).toMatchObject({
      applied: ['pan-left motion'],
      declined: [{ direction: 'slowly', reason: 'the local motion has one speed' }],
    });
  });

  test('"no zoom, just a slow pan right" says only the move it makes, and that the speed is not applied', () => {
    expect(overPicture('no zoom, just a slow pan right')).toMatchObject({
      applied: ['pan-right motion'],
      declined: [{ direction: 'slow', reason: expect.stringContaining('one speed') }],
    });
  });

  test('"make the script more playful" is not the picture\'s to apply', () => {
    expect(art('make the script more playful')).toMatchObject({
      applied: [],
      declined: [{ reason: expect.stringMatching(/^this is about the script/) }],
    });
  });

  test('"instead of blue" adds no blue anywhere', () => {
    const reading = art('make the accent green instead of blue');
    expect(reading.applied).toEqual([expect.stringMatching(/^accent colour green/)]);
    expect(JSON.stringify(reading.settings)).not.toContain('#2f6fde');
  });
});
