import { readStructured } from '../core/discovery/structured-brief';
console.log(JSON.stringify(readStructured(process.argv[2]), null, 1));
