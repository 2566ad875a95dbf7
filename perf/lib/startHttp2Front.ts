import { createHash, X509Certificate } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/** A running front: its origin, what Chromium needs to trust it, and its stop. */
export interface Http2Front {
  /** `https://localhost:<port>`, forwarding to the server behind. */
  origin: string;
  /**
   * Chromium's flag trusting this run's certificate by its key
   * (`--ignore-certificate-errors-spki-list`): only this certificate, where
   * `--ignore-certificate-errors` would accept any.
   */
  chromeFlag: string;
  close(): Promise<void>;
}

/**
 * Headers not passed on: the connection's own (HTTP/1.1's hop-by-hop headers, which HTTP/2
 * forbids, and HTTP/2's upgrade settings), and `host`, which the front sets from `:authority`.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
  'http2-settings',
  'te',
]);

const forwardable = (headers: IncomingHttpHeaders): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !name.startsWith(':') && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
};

/**
 * Serves the HTTP/1.1 server on `127.0.0.1:<port>` over HTTP/2 with TLS, as the platform's edge
 * serves a shop (HTTP/2 or 3 over TLS, forwarding to the origin with `X-Forwarded-Proto` and
 * `X-Forwarded-Host`: the server behind must trust loopback proxies to build its https URLs).
 *
 * Why the cost table needs it: Lighthouse's simulation follows the protocol it sees. Over
 * HTTP/1.1 an origin gets six connections, each holding one request at a time, so every request of
 * ours takes a connection that the page's own images then wait for; over HTTP/2, as on a real shop,
 * all requests share one connection and only the bytes compete. Measured on the demo collection
 * page, 3 interleaved rounds: LCP +100 ms with our script over HTTP/1.1, −1 ms over HTTP/2.
 *
 * The certificate (EC P-256, for `localhost` and 127.0.0.1) is made for this run and lives in
 * memory only.
 */
export async function startHttp2Front(port: number): Promise<Http2Front> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 86_400_000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const spki = new X509Certificate(pems.cert).publicKey.export({ type: 'spki', format: 'der' });
  const server = http2.createSecureServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const authority = req.headers[':authority'] ?? '';
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...forwardable(req.headers), host: authority, 'x-forwarded-proto': 'https', 'x-forwarded-host': authority },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // Chromium keeps its connection open until it exits: `close` ends the sessions itself.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    origin: `https://localhost:${(server.address() as AddressInfo).port}`,
    chromeFlag: `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
