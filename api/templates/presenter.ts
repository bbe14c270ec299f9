import type { ContentTemplate } from '../../core/content/content-template';
import type { Template } from '../../core/responses/templates';

export const presentTemplate = (t: ContentTemplate, isBuiltIn: boolean): Template => ({
  id: t.id,
  name: t.name,
  description: t.description,
  category: t.category,
  suggestedModalities: t.suggestedModalities,
  suggestedPlatforms: t.suggestedPlatforms,
  isBuiltIn,
});
