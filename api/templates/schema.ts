import { z } from 'zod';
import { TEMPLATE_CATEGORIES } from '../../core/content/content-template';

export const ListQuery = z.object({ category: z.enum(TEMPLATE_CATEGORIES).optional() });
