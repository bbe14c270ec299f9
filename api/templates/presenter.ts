import type { ContentTemplate } from '../../core/content/content-template';

export const presentTemplate = (t: ContentTemplate, isBuiltIn: boolean) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  category: t.category,
  suggestedModalities: t.suggestedModalities,
  suggestedPlatforms: t.suggestedPlatforms,
  isBuiltIn,
});
