import { analyze } from '../core/discovery/nlp';
for (const t of analyze(process.argv[2])) console.log(t.text, t.pos, t.type, t.sentence);
