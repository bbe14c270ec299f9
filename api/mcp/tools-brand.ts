import { BrandContextView } from '../../core/responses/brand';
import { presentBrandContext } from '../brand/presenter';
import { BrandContextQuery } from '../brand/schema';
import { getBrandContext } from '../commands/get-brand-context';
import { tool } from './tool';

/** The brand context content creation folds in: read in one call. */
export const BRAND_TOOLS = [
  tool({
    name: 'get_brand_context',
    title: 'Get the brand context',
    description:
      'A brand profile in one read (omitted brandProfileId: the active one): DNA, identity, strategy, ' +
      'guidance, objectives and top patterns. atelier_create applies it already; read it to write a brief ' +
      'or a prompt in the brand voice yourself.',
    input: BrandContextQuery,
    output: BrandContextView,
    annotations: { readOnlyHint: true },
    run: async ({ deps, caller }, query) => presentBrandContext(await getBrandContext(deps, caller, query)),
  }),
];
