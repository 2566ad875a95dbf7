import { describe, expect, it } from 'vitest';
import { EXTERNAL_IMAGE_HOST, resolvePhotoUrl } from '../../../server/lib/photoUrl.ts';

const CDN = EXTERNAL_IMAGE_HOST;

describe('resolvePhotoUrl (SPEC §3 photo URL rules)', () => {
  it.each([
    // provider-hosted: built from the review id
    ['reviews/123/1.jpg', 7, '/api/photos/7/1.jpg'],
    ['reviews/7/3.svg', 7, '/api/photos/7/3.svg'],
    ['reviews/1.png', 9, '/api/photos/9/1.png'],
    ['reviews/7/evil"name.jpg', 7, null],
    ['reviews/7/noext', 7, null],
    ['reviews/7/../../etc/passwd.jpg', 7, '/api/photos/7/passwd.jpg'],
    // bare keys: external host, .jpg appended when the extension is missing
    ['abc123', 1, `${CDN}abc123.jpg`],
    ['2024/05/pic', 1, `${CDN}2024/05/pic.jpg`],
    ['photo.png', 1, `${CDN}photo.png`],
    ['photo.JPEG', 1, `${CDN}photo.JPEG`],
    ['photo.webp', 1, `${CDN}photo.webp`],
    ['photo.bmp', 1, `${CDN}photo.bmp.jpg`],
    ['../secret', 1, null],
    // absolute http(s) and root-relative: as given
    ['https://cdn.example/a.jpg', 1, 'https://cdn.example/a.jpg'],
    ['http://cdn.example/a', 1, 'http://cdn.example/a'],
    ['HTTPS://CDN.example/A.png', 1, 'https://cdn.example/A.png'],
    ['//cdn.example/a.jpg', 1, 'https://cdn.example/a.jpg'],
    ['/images/reviews/1.svg', 1, '/images/reviews/1.svg'],
    ['  /images/reviews/2.svg  ', 1, '/images/reviews/2.svg'],
    // never anything else
    ['javascript:alert(1)', 1, null],
    ['JaVaScRiPt:alert(1)', 1, null],
    ['java\tscript:alert(1)', 1, null],
    ['data:image/svg+xml;base64,PHN2Zz4=', 1, null],
    ['vbscript:msgbox(1)', 1, null],
    ['file:///etc/passwd', 1, null],
    ['ftp://host/a.jpg', 1, null],
    ['/\\evil.example/a.jpg', 1, null],
    ['/a"onerror="x.jpg', 1, null],
    ['https://', 1, null],
    ['', 1, null],
    [null, 1, null],
    [42, 1, null],
  ])('%j (review %i) → %j', (value, reviewId, expected) => {
    const out = resolvePhotoUrl(value, reviewId as number);
    expect(out).toBe(expected);
    if (out !== null) expect(out).toMatch(/^(https?:\/\/|\/[^/\\])/);
  });
});
