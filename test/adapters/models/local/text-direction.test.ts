import { localText } from '../../../../adapters/models/local/local-models';
import { readTextDirection } from '../../../../adapters/models/local/text-direction';
import type { TextPurpose } from '../../../../adapters/models/local/text-purpose';

const PROMPT = 'Write a caption about our oat milk latte, creamy and vegan, made with local oats';
const write = (purpose: TextPurpose, direction?: string, maxWords?: number) =>
  localText.generate({
    prompt: direction ? `${PROMPT}. Revision: ${direction}` : PROMPT,
    purpose,
    maxWords,
    variation: 1,
  });
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const hashtags = (text: string) => text.match(/#\w+/g) ?? [];
const EMOJI = /\p{Extended_Pictographic}/u;

describe('readTextDirection', () => {
  test('reads length, tone, hashtags, emoji, a call to action and mentions', () => {
    expect(
      readTextDirection([
        'shorter, more playful, no hashtags, add emoji, end with "Order now", mention the free refill',
      ]),
    ).toEqual({
      settings: {
        lengthScale: 0.6,
        tone: 'playful',
        hashtags: 'none',
        emoji: 'add',
        callToAction: { text: 'Order now' },
        mentions: ['free refill'],
      },
      applied: [
        'shorter',
        'playful tone',
        'no hashtags',
        'emoji added',
        'call to action "Order now"',
        'mentions free refill',
      ],
      declined: [],
    });
  });

  test('declines what a purpose cannot carry, and what the writer cannot do', () => {
    expect(readTextDirection(['add hashtags and emoji'], 'script').declined).toEqual([
      { direction: 'add hashtags', reason: 'a spoken script carries no hashtags' },
      { direction: 'emoji', reason: 'a spoken script carries no emoji' },
    ]);
    expect(readTextDirection(['make it funnier'], 'alt_text').declined[0].reason).toContain('no tone');
    const french = readTextDirection(['translate it into French']);
    expect(french.applied).toEqual([]);
    expect(new Set(french.declined.map((d) => d.reason))).toEqual(
      new Set(['the local writer writes English only']),
    );
    expect(readTextDirection(['a slower, deeper voice'], 'script').declined[0].reason).toContain(
      'voiceover node',
    );
  });
});

describe('the local writer follows text directions', () => {
  test('shorter writes fewer words than it wrote before, longer writes more', async () => {
    const plain = await write('caption');

    expect(words(await write('caption', 'make it shorter'))).toBeLessThan(words(plain));
    expect(words(await write('caption', 'make it longer'))).toBeGreaterThan(words(plain));
    expect(words(await write('script', 'much shorter', 60))).toBeLessThan(
      words(await write('script', undefined, 60)),
    );
  });

  test('a tone changes the hook and the call to action', async () => {
    const professional = await write('caption', 'more professional');
    const playful = await write('caption', 'more playful');

    expect(professional).not.toBe(playful);
    expect(professional).toMatch(/Introducing|A closer look at|what you need to know|Here is why/);
    expect(professional).toMatch(/link in our bio|Share this with your team|Follow for more updates/);
  });

  test('hashtags off, fewer and more', async () => {
    const plain = hashtags(await write('caption'));

    expect(hashtags(await write('caption', 'no hashtags'))).toEqual([]);
    expect(hashtags(await write('caption', 'fewer hashtags')).length).toBeLessThan(plain.length);
    expect(hashtags(await write('caption', 'more hashtags', 80)).length).toBeGreaterThan(plain.length);
  });

  test('emoji on and off', async () => {
    expect(await write('caption', 'add emoji')).toMatch(EMOJI);
    expect(await write('caption', 'playful, no emoji')).not.toMatch(EMOJI);
  });

  test('the call to action: the one asked for, or none', async () => {
    expect(await write('caption', 'end with "Order now"')).toContain('Order now.');
    const none = await write('caption', 'no call to action');
    expect(none).not.toMatch(/link in bio|Save this post|Let us know/);
  });

  test('what to mention is written in', async () => {
    expect(await write('caption', 'mention the free refill on Fridays')).toMatch(/free refill on Fridays/i);
  });
});
