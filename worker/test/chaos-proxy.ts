import { readFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Stands between the Worker and the speech engine so tests can take the engine down and bring it back, the
 * way a crashed or restarting engine behaves (connections reset). `engine` gives the engine, started on the
 * first request that reaches it. The proxy also serves test audio built on the Node side, which code running
 * inside workerd cannot read from disk.
 */
export async function startChaosProxy(engine: () => Promise<{ port: number }>, files: Record<string, string>) {
  let mode: "up" | "down" = "up";
  let served = 0;
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path.startsWith("/__control/")) {
      const what = path.slice("/__control/".length);
      if (what === "down" || what === "up") mode = what;
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ mode, served }));
      return;
    }
    if (path.startsWith("/__files/")) {
      const file = files[decodeURIComponent(path.slice("/__files/".length))];
      if (!file) return void res.writeHead(404).end();
      return void res.writeHead(200).end(readFileSync(file));
    }
    if (mode === "down") return void req.socket.destroy();
    served++;
    engine().then(
      ({ port }) => {
        const upstream = request({ host: "127.0.0.1", port, path, method: req.method, headers: req.headers }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        upstream.on("error", () => req.socket.destroy());
        req.pipe(upstream);
      },
      // An engine that cannot start is a permanent failure, said in the job's error and the test's output.
      (err: Error) =>
        res
          .writeHead(500, { "Content-Type": "application/json" })
          .end(JSON.stringify({ error: { message: err.message } })),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
