import { CATALOG } from '../test/core/discovery/catalog-candidates';
import { readForCatalog } from '../core/discovery/rank-apps';
import { deliverableOf } from '../core/discovery/deliverable';
import { longTextAsked } from '../core/discovery/requested-kinds';
const r = readForCatalog(process.argv[2], CATALOG as any);
console.log(deliverableOf(r).map((t: any) => t.text), longTextAsked(r));
