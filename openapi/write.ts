import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { clientTypes, clientTypesPath } from './client-types';
import { buildOpenApiDocument } from './document';

const target = fileURLToPath(new URL('./openapi.json', import.meta.url));
const document = buildOpenApiDocument();
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`Wrote ${target}`);
// From the written JSON, as an integrator's generator reads it.
writeFileSync(clientTypesPath, await clientTypes(JSON.parse(JSON.stringify(document))));
console.log(`Wrote ${fileURLToPath(clientTypesPath)}`);
