/**
 * A transport for the request wrapper (`RequestOptions.fetch`) on XMLHttpRequest, because only XHR
 * reports upload progress. It answers like `fetch` as far as the wrapper looks (`ok`, `status`,
 * `text()`), rejects like `fetch` on a network failure and aborts with the signal the wrapper
 * passes (its timeout).
 */
import type { Transport } from '../../../core/request';
import { guard } from '../../../ui/guard';

/** A transport whose uploads report their progress (0–1) to `onProgress`. */
export function xhrTransport(onProgress: (fraction: number) => void): Transport {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method || 'GET', url);
      const headers = (init.headers || {}) as Record<string, string>;
      for (const name in headers) xhr.setRequestHeader(name, headers[name]!);
      xhr.upload.onprogress = guard((event: ProgressEvent) => {
        if (event.lengthComputable && event.total) onProgress(event.loaded / event.total);
      }, 'upload-progress');
      xhr.onload = () => {
        const text = xhr.responseText;
        resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, text: () => Promise.resolve(text) });
      };
      xhr.onerror = xhr.onabort = () => reject(new TypeError('Network request failed'));
      init.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(init.body as XMLHttpRequestBodyInit | null);
    });
}
