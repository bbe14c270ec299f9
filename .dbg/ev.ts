import { CATALOG } from '../test/core/discovery/catalog-candidates';
import { readForCatalog } from '../core/discovery/rank-apps';
import { evidenceOf } from '../core/discovery/evidence';
const r = readForCatalog(process.argv[2], CATALOG as any);
console.log(r.tokens.filter((t: any) => t.platform || t.placement).map((t: any) => t.text));
for (const e of evidenceOf(r).terms) console.log(e.term, e.word, e.weight.toFixed(2), e.synonym ? 'syn' : '');
