import { PGlite } from '@electric-sql/pglite';
let t = Date.now();
console.log('start');
const db = new PGlite({debug: 0});
console.log('constructed');
await db.waitReady;
console.log('memory open', Date.now() - t);
