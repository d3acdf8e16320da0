import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024; // smaller files gain nothing worth a second request path

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const toBytes = (data: string | Uint8Array) =>
  typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);

/**
 * Writes `file.br` (Brotli, best quality) and `file.gz` (gzip -9) next to each text file of the
 * build, once, so the server sends compressed files without compressing per request
 * (server/src/http/static-client.ts picks the variant the browser accepts).
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const jobs = Object.values(bundle)
        .map((output) => ({
          name: output.fileName,
          bytes: toBytes(output.type === 'chunk' ? output.code : output.source),
        }))
        .filter(({ name, bytes }) => COMPRESSIBLE.test(name) && bytes.length >= MIN_BYTES)
        .map(async ({ name, bytes }) => {
          const file = path.join(outDir, name);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        });
      await Promise.all(jobs);
    },
  };
}
