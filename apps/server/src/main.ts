/** `npm start`'s server: the web app on http://localhost:3000 (or $PORT). */

import { buildServer } from "./app.js";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const app = await buildServer({ logger: false });
await app.listen({ port, host });
process.stdout.write(`Crossbones is running at http://localhost:${port}\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
