/** The part of jsdom's API the fixture tests use (the package ships no types). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(
      html: string,
      options?: {
        url?: string;
        runScripts?: 'dangerously' | 'outside-only';
        pretendToBeVisual?: boolean;
        beforeParse?(window: Window): void;
      },
    );
    readonly window: Window & typeof globalThis;
  }
}
