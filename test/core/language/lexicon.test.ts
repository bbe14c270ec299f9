import { lexicon, lexiconProblems } from '../../../core/language/lexicon';

describe('the lexicon', () => {
  it('loads with every group saying why and no word kept in two places that do not say why', () => {
    expect(lexiconProblems(lexicon)).toEqual([]);
  });

  it('refuses a group without a why', () => {
    const problems = lexiconProblems({ broken: { about: 'a file for this test', cues: { words: ['no'] } } });
    expect(problems.join()).toMatch(/broken: cues\.why/);
  });

  it('refuses a word kept in two groups that mean different things, unless one says why', () => {
    const file = {
      about: 'a file for this test',
      final: { why: 'the last of something', words: ['final', 'finale'] },
      show: { why: 'a performance or its end', words: ['finale', 'encore'] },
    };
    expect(lexiconProblems({ file })).toEqual([
      '"finale" is in file.final.words and file.show.words; say why in one group\'s "overlaps", or keep it in one',
    ]);
    const explained = {
      ...file,
      show: { ...file.show, overlaps: { 'file.final': 'a finale is also the last part' } },
    };
    expect(lexiconProblems({ file: explained })).toEqual([]);
  });

  it('does not report grammatical words a group marks as closed class', () => {
    const file = {
      about: 'a file for this test',
      connectors: {
        why: 'small words in names',
        closed_class: 'articles and prepositions',
        words: ['of', 'the', 'and'],
      },
      counts: { why: 'words after a number', words: ['of', 'for', 'with'] },
    };
    expect(lexiconProblems({ file })).toEqual([]);
  });
});
