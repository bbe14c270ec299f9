import { planContent } from '../core/content/plan-content';
import { gatherGuidance } from '../core/content/prompt-guidance';
import { CATALOG, CATALOG_APPS } from '../test/core/discovery/catalog-candidates';
const brief = process.argv[2];
const r = planContent({ brief, headless: true, guidance: gatherGuidance(null, null), catalog: CATALOG }, CATALOG_APPS);
if (r.status === 'ran') console.log(r.selectedApp.name, '|', r.selectedApp.rationale, '\n', JSON.stringify(r.draft.inputs, null, 1), JSON.stringify(r.unmetAsks));
else console.log(JSON.stringify(r, null, 1).slice(0, 1500));
