import { z } from 'zod';
import { VISIBILITIES, type Visibility } from '../../core/app/app-access';

export const GenerateBody = z.object({
  instruction: z.string().trim().min(1, 'instruction is required').max(4000),
  name: z.string().trim().min(1).max(120).optional(),
  baseAppId: z.string().optional(),
  visibility: z.enum(VISIBILITIES as [Visibility, ...Visibility[]]).default('private'),
  test: z.boolean().optional(),
});
