import { z } from 'zod';
import examplesFile from './examples.json';
import type { LabelledExample } from './example-votes';

const ExamplesFile = z.object({
  comment: z.string(),
  examples: z.array(z.object({ text: z.string().min(1), appId: z.string().nullable() })),
});

/** The labelled example requests the nearest-example vote reads (written by the judgement trainer). */
export const LABELLED_EXAMPLES: readonly LabelledExample[] = ExamplesFile.parse(examplesFile).examples;
