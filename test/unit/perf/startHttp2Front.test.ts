/**
 * The cost table's HTTP/2 front (perf/lib/startHttp2Front.ts): what reaches the server behind,
 * and what Chromium is told to trust.
 */
import { createHash, X509Certificate } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHttp2Front, type Http2Front } from '../../../perf/lib/startHttp2Front';

let behind: http.Server;
let front: Http2Front;
const seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  behind = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(201, { 'content-type': 'text/plain', 'x-from': 'behind', connection: 'keep-alive' });
      res.end(`echo ${body}`);
    });
  });
  await new Promise<void>((resolve) => behind.listen(0, '127.0.0.1', resolve));
  front = await startHttp2Front((behind.address() as AddressInfo).port);
});

afterAll(async () => {
  await front.close();
  await new Promise((resolve) => behind.close(resolve));
});

/** One HTTP/2 request to the front; resolves with the status, headers, body and the certificate it showed. */
function request(path: string, method = 'GET', body?: string) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string; cert: Buffer }>((resolve, reject) => {
    const session = http2.connect(front.origin, { rejectUnauthorized: false });
    session.on('error', reject);
    const stream = session.request({ ':method': method, ':path': path });
    let text = '';
    let headers: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (headers = h));
    stream.on('data', (chunk: Buffer) => (text += chunk));
    stream.on('end', () => {
      const cert = (session.socket as TLSSocket).getPeerCertificate().raw;
      session.close();
      resolve({ status: Number(headers[':status']), headers, body: text, cert });
    });
    stream.end(body);
  });
}

describe('startHttp2Front', () => {
  test('forwards a request over HTTP/2 as the platform edge would: https, the same host, the body', async () => {
    const answer = await request('/collections/all?page=2', 'POST', 'a=1');
    expect(answer.status).toBe(201);
    expect(answer.body).toBe('echo a=1');
    expect(answer.headers['x-from']).toBe('behind');
    expect(answer.headers['connection']).toBeUndefined();
    const got = seen.at(-1)!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/collections/all?page=2');
    expect(got.headers['x-forwarded-proto']).toBe('https');
    expect(got.headers.host).toBe(new URL(front.origin).host);
    expect(got.headers['x-forwarded-host']).toBe(new URL(front.origin).host);
  });

  test("Chromium's flag names the key of the certificate the front shows", async () => {
    const { cert } = await request('/');
    const spki = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
    expect(front.chromeFlag).toBe(`--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`);
    expect(new X509Certificate(cert).checkHost('localhost')).toBe('localhost');
  });

  test('answers 502 when the server behind is gone', async () => {
    const lonely = await startHttp2Front(1);
    try {
      const session = http2.connect(lonely.origin, { rejectUnauthorized: false });
      const status = await new Promise<unknown>((resolve) =>
        session
          .request({ ':path': '/' })
          .on('response', (h) => resolve(h[':status']))
          .resume(),
      );
      session.close();
      expect(status).toBe(502);
    } finally {
      await lonely.close();
    }
  });
});
