import type pg from 'pg';

/** One node of `EXPLAIN (FORMAT JSON)`'s plan tree (the fields the plan tests read). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The node and every node under it. */
export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The names of the indexes a plan reads. */
export const indexesOf = (nodes: PlanNode[]) => new Set(nodes.map((n) => n['Index Name']).filter(Boolean));

const literal = (v: unknown) => (v instanceof Date ? `'${v.toISOString()}'::timestamptz` : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/** EXPLAIN ANALYZE of a `?` statement as a prepared statement under the given plan cache mode (custom: values known). */
export async function explainPlan(client: pg.Client, sql: string, params: unknown[], mode: 'custom' | 'generic'): Promise<PlanNode[]> {
  let n = 0;
  await client.query('deallocate all');
  await client.query(`set plan_cache_mode = force_${mode}_plan`);
  await client.query(`prepare hot as ${sql.replace(/\?/g, () => `$${++n}`)}`);
  const { rows } = await client.query(`explain (analyze, format json) execute hot${params.length ? `(${params.map(literal).join(', ')})` : ''}`);
  return nodesOf((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan);
}
