import { describe, expect, it } from 'vitest';
import type { AppDeps, FeatureModule } from '../platform/module';
import { modules } from '../app/modules';
import { assembleModules } from '../app/services';

// Only the module list's own rules: no service here touches the dependencies.
const deps = {} as AppDeps;
const named = (name: string, more: Partial<FeatureModule> = {}): FeatureModule => ({ name, ...more });

describe('the module list', () => {
  it('builds a module after the modules it depends on, whatever their order in the list', () => {
    const order: string[] = [];
    const app = assembleModules(deps, [
      named('b', { dependsOn: ['a'], services: () => (order.push('b'), {}) }),
      named('a', { services: () => (order.push('a'), {}) }),
    ]);
    expect(order).toEqual(['a', 'b']);
    expect(app.modules.map((m) => m.name)).toEqual(['b', 'a']);
  });

  it('refuses a dependency that is not listed, a circle, a service defined twice and a name used twice', () => {
    expect(() => assembleModules(deps, [named('a', { dependsOn: ['nope'] })])).toThrow('module a depends on nope, which is not in the module list');
    expect(() => assembleModules(deps, [named('a', { dependsOn: ['b'] }), named('b', { dependsOn: ['a'] })])).toThrow('a → b → a');
    const twice = { services: () => ({ auth: {} }) } as unknown as Partial<FeatureModule>;
    expect(() => assembleModules(deps, [named('a', twice), named('b', twice)])).toThrow('service auth of module b is defined twice');
    expect(() => assembleModules(deps, [named('a'), named('a')])).toThrow('two modules have the same name');
  });

  it('hands each extension point every module’s contributions, in list order, once all services exist', () => {
    const point = 'examplePoint' as never;
    const early: unknown[] = [];
    const app = assembleModules(deps, [
      named('a', { extend: () => ({ [point]: ['from a'] }) }),
      named('b', {
        services: (a) => {
          expect(() => a.contributions(point)).toThrow('read before every service is built');
          return {};
        },
        extend: () => ({ [point]: ['from b'] }),
      }),
    ]);
    early.push(...app.contributions(point));
    expect(early).toEqual(['from a', 'from b']);
  });

  it('lists every feature once, and every entity once', () => {
    const names = modules.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    const entities = modules.flatMap((m) => m.entities ?? []);
    expect(new Set(entities).size).toBe(entities.length);
  });
});
