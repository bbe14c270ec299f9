import {
  keywords,
  quotedText,
  secondaryPhrase,
  subjectPhrase,
} from '../../../../adapters/models/local/prompt-words';

describe('subjectPhrase', () => {
  test.each([
    ['A warm sunset poster announcing our summer launch party, Friday at 8pm', 'summer launch party'],
    ['Bold black friday sale graphic with #ff3366', 'black friday sale'],
    ['Product photo of a ceramic mug on a navy studio backdrop', 'ceramic mug'],
    ['Design a poster for our bakery grand opening', 'bakery grand opening'],
    ['The future of work', 'future of work'],
    ['Quote card: "Less, but better"', 'Less, but better'],
    ['teal gradient', ''],
  ])('%j is about %j', (prompt, subject) => {
    expect(subjectPhrase(prompt)).toBe(subject);
  });
});

describe('secondaryPhrase', () => {
  test('is the next clause, without format words', () => {
    expect(secondaryPhrase('Summer launch party poster, Friday at 8pm')).toBe('Friday at 8pm');
    expect(secondaryPhrase('Just one idea')).toBeUndefined();
  });
});

describe('keywords', () => {
  test('ranks repeated and longer words first and skips look and format words', () => {
    expect(keywords('Teal poster: coffee tasting, coffee roasting and pastries', 3)).toEqual([
      'coffee',
      'roasting',
      'pastries',
    ]);
  });
});

describe('quotedText', () => {
  test('finds straight and curly quotes', () => {
    expect(quotedText('Card saying "Hello there"')).toBe('Hello there');
    expect(quotedText('Card saying “Hello there”')).toBe('Hello there');
    expect(quotedText('No quotes')).toBeUndefined();
  });
});
