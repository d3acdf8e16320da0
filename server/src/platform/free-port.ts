import net from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now, for a server or database a test, a browser journey
 * (through server/dist) or the bench starts.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
