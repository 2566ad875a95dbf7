// @vitest-environment jsdom
/** Captured e-mail: once per address, never when the platform's privacy API says no. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { privacyAllows, sendCapturedEmail } from '../../../../../src/widgets/reviews/form/captureEmail';
import type { WidgetContext } from '../../../../../src/widgets/types';

const ctx = () =>
  ({
    settings: { providerBase: 'https://p.example/api/', shopId: 'demo' },
    request: vi.fn(async () => null),
  }) as unknown as WidgetContext & { request: ReturnType<typeof vi.fn> };
const withPrivacy = (privacy: unknown) => ({ Shopify: { customerPrivacy: privacy } }) as unknown as Window;

afterEach(() => {
  delete (window as { Shopify?: unknown }).Shopify;
});

describe('privacyAllows', () => {
  test('without the privacy API: allowed', () => {
    expect(privacyAllows({} as Window)).toBe(true);
    expect(privacyAllows(withPrivacy(undefined))).toBe(true);
    expect(privacyAllows(withPrivacy({}))).toBe(true);
  });
  test('allowed unless marketing or tracking is said to be disallowed', () => {
    expect(privacyAllows(withPrivacy({ marketingAllowed: () => true, userCanBeTracked: () => true }))).toBe(true);
    expect(privacyAllows(withPrivacy({ marketingAllowed: () => false, userCanBeTracked: () => true }))).toBe(false);
    expect(privacyAllows(withPrivacy({ marketingAllowed: () => true, userCanBeTracked: () => false }))).toBe(false);
    expect(privacyAllows(withPrivacy({ userCanBeTracked: () => false }))).toBe(false);
    // Undecided (the API answers neither yes nor no): not a refusal.
    expect(privacyAllows(withPrivacy({ marketingAllowed: () => undefined }))).toBe(true);
  });
  test('an API that throws when asked: not allowed', () => {
    expect(
      privacyAllows(
        withPrivacy({
          marketingAllowed: () => {
            throw new Error('not ready');
          },
        }),
      ),
    ).toBe(false);
  });
});

describe('sendCapturedEmail', () => {
  test('POSTs { shopId, email, productHandle } as JSON to store-captured-email, once per address', async () => {
    const context = ctx();
    sendCapturedEmail(context, 'once@example.com', 'tee');
    sendCapturedEmail(context, 'once@example.com', 'hat');
    expect(context.request).toHaveBeenCalledExactlyOnceWith('https://p.example/api/store-captured-email', {
      json: { shopId: 'demo', email: 'once@example.com', productHandle: 'tee' },
    });
  });
  test('nothing when privacy says no; a failed request stays silent', async () => {
    const context = ctx();
    (window as { Shopify?: unknown }).Shopify = { customerPrivacy: { marketingAllowed: () => false } };
    sendCapturedEmail(context, 'refused@example.com', 'tee');
    expect(context.request).not.toHaveBeenCalled();
    delete (window as { Shopify?: unknown }).Shopify;
    context.request.mockRejectedValueOnce(new Error('offline'));
    sendCapturedEmail(context, 'offline@example.com', 'tee');
    await Promise.resolve();
    expect(context.request).toHaveBeenCalledTimes(1);
  });
});
