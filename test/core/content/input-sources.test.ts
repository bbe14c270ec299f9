import { settleWeakEvidence } from '../../../core/content/input-sources';
import type { Draft } from '../../../core/content/draft';
import { SOCIAL_POST } from './content-fixtures';

const draftOf = (d: Partial<Draft>): Draft => ({ inputs: {}, sources: {}, asks: [], warnings: [], ...d });

describe('settleWeakEvidence', () => {
  test('a guessed text without a default is dropped and asked for, never left empty for the run', () => {
    const settled = settleWeakEvidence(
      SOCIAL_POST.parameters,
      draftOf({ inputs: { topic: 'bakery' }, sources: { topic: 'guess' } }),
    );
    expect(settled.inputs).not.toHaveProperty('topic');
    expect(settled.asks).toEqual([
      expect.objectContaining({ key: 'topic', type: 'text', required: true, autoFillable: false }),
    ]);
    expect(settled.warnings.map((w) => w.field)).toEqual(['inputs.topic']);
  });

  test('an ask that stood for the guessed text can no longer be auto-filled, and is not doubled', () => {
    const stood = { name: 'Topic', key: 'topic', question: 'What?', type: 'text' as const, required: true };
    const settled = settleWeakEvidence(
      SOCIAL_POST.parameters,
      draftOf({
        inputs: { topic: 'bakery' },
        sources: { topic: 'guess' },
        asks: [{ ...stood, autoFillable: true }],
      }),
    );
    expect(settled.asks).toEqual([{ ...stood, autoFillable: false }]);
  });

  test('text from a quote is kept as drafted', () => {
    const draft = draftOf({ inputs: { topic: 'spring sale' }, sources: { topic: 'quoted' } });
    expect(settleWeakEvidence(SOCIAL_POST.parameters, draft)).toEqual(draft);
  });
});
