import { readBrief } from '../core/discovery/brief-reading';
import { CATALOG } from '../test/core/discovery/catalog-candidates';
import { readForCatalog } from '../core/discovery/rank-apps';
const r = readForCatalog(process.argv[2], CATALOG as any);
console.log(r.tokens.map((t: any) => `${t.text}/${t.zone}${t.cue ? '*' : ''}`).join(' '));
console.log(JSON.stringify(r.spans.quotes), r.spans.afterColon);
