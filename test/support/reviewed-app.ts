import { testApp, textParameter } from './app-definitions';

/**
 * An announcement a person approves before delivery:
 *
 *   draft (text.generate) --> review (human.approval) --> out (output)
 */
export const reviewedText = () =>
  testApp({
    name: 'Reviewed announcement',
    summary: 'An announcement a person approves before delivery.',
    formats: ['text'],
    parameters: [textParameter('topic', { role: 'topic' })],
    nodes: [
      {
        id: 'draft',
        type: 'text.generate',
        label: 'Draft',
        config: { prompt: 'Write a caption about {{topic}}', purpose: 'caption' },
      },
      {
        id: 'review',
        type: 'human.approval',
        label: 'Review',
        config: { instructions: 'Approve the announcement.' },
      },
      { id: 'out', type: 'output', label: 'Announcement', config: { label: 'Announcement' } },
    ],
    edges: [
      { source: 'draft', target: 'review' },
      { source: 'review', target: 'out' },
    ],
  });
