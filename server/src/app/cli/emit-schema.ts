import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { printAppSchema } from '../schema';

/** Writes the sorted SDL the code builds to the committed contract file at the repository root. */
const target = path.resolve(__dirname, '..', '..', '..', '..', 'schema.graphql');
writeFileSync(target, printAppSchema());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
