import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const VIRTUAL_PREFIX = '\0react-icon:';
const IMPORT_FROM_SET = /import\s*\{([^}]*)\}\s*from\s*['"]react-icons\/(\w+)['"];?/g;

/**
 * `react-icons/lu` is one module holding every icon of the set, and a bundler never splits a module:
 * all the icons any page uses would ship together with the first page that imports the set (the
 * app shell). This rewrites `import { LuMail } from 'react-icons/lu'` to a module of that icon alone,
 * so each icon ships with the chunk that uses it.
 */
export function reactIconsPerIcon(): Plugin {
  const setSources = new Map<string, Promise<string>>();

  return {
    name: 'react-icons-per-icon',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'pre',
    transform(code, id) {
      if (id.startsWith('\0') || id.includes('node_modules') || !code.includes('react-icons/')) return null;
      const rewritten = code.replace(IMPORT_FROM_SET, (_statement, specifiers: string, set: string) => {
        const imports = specifiers
          .split(',')
          .map((specifier) => specifier.trim())
          .filter((specifier) => specifier && !specifier.startsWith('type '))
          .map((specifier) => {
            const icon = specifier.split(/\s+as\s+/)[0];
            return `import { ${specifier} } from '${VIRTUAL_PREFIX}${set}/${icon}';`;
          });
        return imports.join('\n');
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? id : null;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const [set, icon] = id.slice(VIRTUAL_PREFIX.length).split('/');
      let source = setSources.get(set);
      if (!source) {
        const resolved = await this.resolve(`react-icons/${set}`);
        if (!resolved) throw new Error(`react-icons/${set} cannot be resolved`);
        source = readFile(resolved.id, 'utf8');
        setSources.set(set, source);
      }
      const text = await source;
      const start = text.indexOf(`export function ${icon} (`);
      const end = text.indexOf('\n};', start);
      if (start < 0 || end < 0) throw new Error(`${icon} is not an icon of react-icons/${set}`);
      return `import { GenIcon } from 'react-icons/lib';\n${text.slice(start, end + 3)}\n`;
    },
  };
}
