import { CATALOG } from '../test/core/discovery/catalog-candidates';
import { readForCatalog } from '../core/discovery/rank-apps';
const r = readForCatalog(process.argv[2], CATALOG as any);
console.log(JSON.stringify(r.spans, null, 1));
