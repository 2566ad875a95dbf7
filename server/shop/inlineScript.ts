/**
 * A script file as a page inlines it: `//` comment lines, indentation and blank lines dropped
 * (the file keeps comments on lines of their own and no literal spans lines). Refuses text that
 * would end the inline `<script>` element early.
 */
export function inlineScript(source: string): string {
  const code = source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
  if (/<\/script|<!--/i.test(code)) throw new Error('An inline script must not contain "</script" or "<!--"');
  return code;
}
