import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * /metrics under WEB_CONCURRENCY > 1: whichever worker a scrape reaches answers for the whole
 * server. It asks the primary, which gathers every worker's registry (prom-client's cluster
 * aggregation: counters and histograms summed, gauges such as open WebSockets and RSS summed).
 */

const REQUEST = 'collab:metrics-request';
const ANSWER = 'collab:metrics-answer';

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}
interface MetricsAnswer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers the workers' metrics requests with the aggregate of all workers. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: MetricsRequest) => {
    if (message?.type !== REQUEST) return;
    const reply = (answer: Omit<MetricsAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer } satisfies MetricsAnswer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

/**
 * In a worker: offers `registry` to the primary's aggregation and returns what GET /metrics serves,
 * the aggregate of every worker (it fails after 5 s without an answer).
 */
export function clusterMetricsText(registry: Registry): () => Promise<string> {
  new AggregatorRegistry(); // installs prom-client's worker side: answering the primary with our registry
  AggregatorRegistry.setRegistries([registry]);
  let nextId = 0;
  const pending = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();
  process.on('message', (message: MetricsAnswer) => {
    if (message?.type !== ANSWER) return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.text !== undefined) waiting?.resolve(message.text);
    else waiting?.reject(new Error(`cluster metrics: ${message.error ?? 'no answer'}`));
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('cluster metrics: the primary did not answer within 5 s'));
      }, 5000);
      pending.set(id, {
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (err) => (clearTimeout(timer), reject(err)),
      });
      process.send!({ type: REQUEST, id } satisfies MetricsRequest);
    });
}
