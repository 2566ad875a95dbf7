/**
 * `pageReader`: the second stage's page read is the first stage's when the page had loaded then
 * and is still at that address; otherwise, and for every later read (a refresh), it reads afresh.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PageContext } from '../../../src/core/pageContext';
import { pageReader } from '../../../src/loader/pageReader';

const at = (href: string) => ({ location: { href } }) as Window;
const firstRead = { url: 'https://shop.example/products/tee', pageType: 'product' } as PageContext;

describe('pageReader', () => {
  it('a page loaded at the first read, still at its address: the first read serves once, then it reads afresh', () => {
    const fresh = { url: 'https://shop.example/products/tee', pageType: 'product' } as PageContext;
    const read = vi.fn(() => fresh);
    const readPage = pageReader(firstRead, true, read);
    expect(readPage(at('https://shop.example/products/tee'))).toBe(firstRead);
    expect(read).not.toHaveBeenCalled();
    expect(readPage(at('https://shop.example/products/tee'))).toBe(fresh);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('a page still loading at the first read is read again', () => {
    const read = vi.fn(() => ({ ...firstRead }));
    expect(pageReader(firstRead, false, read)(at('https://shop.example/products/tee'))).not.toBe(firstRead);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('a page that has moved since (instant navigation) is read again', () => {
    const moved = { url: 'https://shop.example/products/cap', pageType: 'product' } as PageContext;
    const read = vi.fn(() => moved);
    const readPage = pageReader(firstRead, true, read);
    expect(readPage(at('https://shop.example/products/cap'))).toBe(moved);
    // The first read is spent either way: a later read at the first address is afresh too.
    expect(readPage(at('https://shop.example/products/tee'))).toBe(moved);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
