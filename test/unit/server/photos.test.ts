/**
 * Photos by content hash: stored once per content, readable by every process (bytes in the
 * database on PostgreSQL, files on SQLite), served immutable with their hash as ETag.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { photoPath } from '../../../server/storage/photos.ts';
import { countRows, makeServer, makeStorage, storageOf, type TestServer } from './helpers.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d9a0e30000000049454e44ae426082',
  'hex',
);

describe('photo store', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.app.close();
    server = undefined;
  });

  it('stores the same bytes once and serves them immutable by hash', async () => {
    server = await makeServer();
    const photos = storageOf(server.app).photos;
    const hash = await photos.put(PNG, 'image/png');
    expect(await photos.put(Buffer.from(PNG), 'image/png')).toBe(hash);
    expect(await countRows(server.app, 'photos')).toBe(1);

    const res = await server.app.inject({ method: 'GET', url: photoPath(hash, 'image/png') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.rawPayload.equals(PNG)).toBe(true);

    const again = await server.app.inject({
      method: 'GET',
      url: photoPath(hash, 'image/png'),
      headers: { 'if-none-match': res.headers.etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for an unknown hash, a wrong extension or a malformed name', async () => {
    server = await makeServer();
    const hash = await storageOf(server.app).photos.put(PNG, 'image/png');
    for (const url of [
      `/api/photos/h/${'0'.repeat(64)}.png`,
      `/api/photos/h/${hash}.jpg`,
      `/api/photos/h/${hash.slice(1)}.png`,
      '/api/photos/h/..%2F..%2Fetc.png',
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
    }
  });

  it('refuses to store a content type it would not serve', async () => {
    server = await makeServer();
    await expect(storageOf(server.app).photos.put(PNG, 'text/html')).rejects.toThrow(/content type/);
  });

  it('serves a photo stored by another process on the same storage', async () => {
    const writer = await makeStorage();
    try {
      const hash = await writer.storage.photos.put(PNG, 'image/png');
      server = await makeServer({ dataDir: writer.dataDir, databaseUrl: writer.databaseUrl });
      const res = await server.app.inject({ method: 'GET', url: photoPath(hash, 'image/png') });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
    } finally {
      await server?.app.close();
      server = undefined;
      await writer.dispose();
    }
  });
});
