import { rankApps } from '../core/discovery/rank-apps';
import { CATALOG } from '../test/core/discovery/catalog-candidates';
const r = rankApps(process.argv[2], CATALOG as any, {});
console.log(JSON.stringify((r as any).verdict ?? ''), );
for (const m of r.matches.slice(0, 4)) console.log(m.relevanceScore.toFixed(3), m.name, '|', m.whyMatch);
