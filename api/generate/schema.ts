import { z } from 'zod';
import { ASPECT_RATIO_VALUES } from '../../core/graph/node-types';

export const GenerateImageBody = z.object({
  prompt: z.string().trim().min(1, 'prompt is required').max(4000),
  /** `auto` leaves the choice to the service: square. */
  aspectRatio: z
    .enum([...ASPECT_RATIO_VALUES, 'auto'])
    .nullable()
    .optional(),
  /** A brand profile of the workspace: its visual style and negatives follow the prompt. Omitted = no brand. */
  brandProfileId: z.string().max(100).nullable().optional(),
  webhookUrl: z.string().max(2000).nullable().optional(),
  test: z.boolean().optional(),
});
