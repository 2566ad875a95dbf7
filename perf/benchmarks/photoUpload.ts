/**
 * What a review photo costs a shopper on the wire: the demo shop's product page in Chromium, the
 * write-a-review form, one phone-sized photo (a 12-megapixel JPEG of several MB, EXIF orientation
 * 6) and a small PNG; the bytes of the multipart body the provider received, against the photo's
 * own bytes (the form downscales to a 2048 px long edge before upload). Byte counts are exact; the
 * time from 'Submit Review' to the thank-you (downscaling, upload and the provider's re-encoding)
 * is printed for scale only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import type { Benchmark } from '../lib/benchmark.ts';
import { median } from '../lib/median.ts';

const HOST = '[data-vitrine-mount="reviews"]';
const FORM = `document.querySelector('${HOST}')?.shadowRoot?.querySelector('dialog[open] .review-form')`;

/** A photo as a phone takes it: 4032×3024 of smooth noise, JPEG q92, orientation 6. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 11;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (i % (width * 3)) / 24 + (seed >> 26);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const photoUpload: Benchmark = {
  name: 'photoUpload',
  skipFlag: '--skip-upload',
  async run(ctx) {
    const { buildApp } = await import('../../server/app.ts');
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-perf-upload-'));
    // Rate limits off: the rounds come from one address.
    const app = await buildApp({ dataDir, distDir: ctx.distDir, logger: false, rateLimit: false });
    const received: number[] = [];
    app.server.on('request', (request: { method?: string; url?: string; headers: Record<string, unknown> }) => {
      if (request.method === 'POST' && request.url?.startsWith('/api/add-new-review'))
        received.push(Number(request.headers['content-length']));
    });
    const browser = await chromium.launch({ executablePath: ctx.chromePath, args: ctx.chromeFlags });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://localhost:${(app.server.address() as AddressInfo).port}`;
      const photo = await phonePhoto();
      const rows: (string | number)[][] = [];
      const seconds: number[] = [];
      for (let round = 1; round <= ctx.runs; round++) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        try {
          await page.goto(`${origin}/products/classic-cotton-tee?write-review`);
          await page.waitForFunction(`!!${FORM}`, undefined, { timeout: 30_000 });
          await page.locator(`${HOST} #vtl-name`).fill(`Perf Shopper ${round}`);
          await page.locator(`${HOST} #vtl-email`).fill(`perf${round}@example.com`);
          await page.locator(`${HOST} #vtl-review`).fill('Measured.');
          await page.locator(`${HOST} #vtl-photos`).setInputFiles([{ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo }]);
          await page.waitForFunction(`${FORM}?.querySelector('button[type=submit]')?.getAttribute('aria-disabled') === 'false'`);
          const started = Date.now();
          await page.locator(`${HOST} button[type=submit]`).click();
          await page.waitForFunction(
            `${FORM}?.querySelector('.form-status')?.textContent === 'Thank you for adding your review!'`,
            undefined,
            {
              timeout: 60_000,
            },
          );
          seconds.push((Date.now() - started) / 1000);
          const sent = received.at(-1) ?? 0;
          ctx.log(`photo upload round ${round}: ${photo.length} B photo → ${sent} B sent in ${seconds.at(-1)} s`);
          rows.push([round, photo.length, sent, `${((100 * sent) / photo.length).toFixed(1)}%`, seconds.at(-1)!.toFixed(2)]);
        } finally {
          await page.close();
        }
      }
      return {
        tables: [
          {
            title: 'A phone photo (4032×3024 JPEG) written into a review: bytes on the wire after the form downscales it',
            columns: ['round', 'photo bytes', 'multipart bytes sent', 'sent/photo', 'submit → thanks s'],
            rows,
            notes: [
              `median submit → thanks ${median(seconds).toFixed(2)} s (downscale in the page, upload on loopback, the provider's decode and re-encode); for scale only.`,
            ],
          },
        ],
        data: { photoBytes: photo.length, sent: received },
      };
    } finally {
      await browser.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
