/** `errorMessage`: the text of any thrown value, never a throw. */
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../../../src/widgets/reporting/lib/errorMessage';

describe('errorMessage', () => {
  it("an error's or error-like object's message; anything else as a string", () => {
    expect(errorMessage(new TypeError('x is not a function'))).toBe('x is not a function');
    expect(errorMessage({ message: 'from a library' })).toBe('from a library');
    expect(errorMessage('thrown text')).toBe('thrown text');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(null)).toBe('null');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage({ message: 7 })).toBe('[object Object]');
    expect(errorMessage(Object.create(null))).toBe('Unknown error');
  });

  it('hostile values (a throwing getter or toString) give "Unknown error"', () => {
    const getter = Object.defineProperty({}, 'message', {
      get() {
        throw new Error('no');
      },
    });
    const toStringThrows = {
      toString() {
        throw new Error('no');
      },
    };
    expect(errorMessage(getter)).toBe('Unknown error');
    expect(errorMessage(toStringThrows)).toBe('Unknown error');
  });
});
