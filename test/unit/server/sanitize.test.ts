import { describe, expect, it } from 'vitest';
import { isSafeHref, sanitizeReviewHtml } from '../../../server/lib/sanitizeReviewHtml.ts';

/** OWASP filter-evasion style payloads. */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="jav&#x0D;ascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example/x">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form action=javascript:alert(1)><input type=submit></form>',
  '<details open ontoggle=alert(1)>x</details>',
  '<p onclick="alert(1)">click</p>',
  '<b onmouseover=alert(1)>bold</b>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><img src=x onerror=alert(1)>',
  '<img src=x onerror=alert(1)//',
  '<body onload=alert(1)>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<embed src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<video><source onerror="alert(1)"></video>',
  '<input autofocus onfocus=alert(1)>',
  '<textarea><script>alert(1)</script></textarea>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<a href="https://ok.example/" onclick="alert(1)" style="color:red">ok</a>',
  '<div><p>nested <i>open <b>tags</p></div>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<x onclick=alert(1)>custom</x>',
];

const FORBIDDEN = [/<script/i, /on\w+\s*=/i, /javascript:/i, /data:/i, /<iframe/i, /<svg/i, /<img/i, /<style/i];

describe('sanitizeReviewHtml — XSS table', () => {
  it(`has at least 30 payloads (${XSS_PAYLOADS.length})`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitizeReviewHtml(payload);
    for (const re of FORBIDDEN) expect(out, `${re} in ${out}`).not.toMatch(re);
    // Every surviving tag is on the allow-list.
    for (const m of out.matchAll(/<\/?([a-z0-9]+)/gi))
      expect(['b', 'i', 'em', 'strong', 'br', 'p', 'ul', 'ol', 'li', 'a']).toContain(m[1]!.toLowerCase());
    // Every surviving href is http(s).
    for (const m of out.matchAll(/href="([^"]*)"/g)) expect(m[1]).toMatch(/^https?:\/\//);
  });
});

describe('sanitizeReviewHtml — allowed markup', () => {
  it.each([
    ['<b>bold</b> <i>it</i> <em>em</em> <strong>s</strong>', '<b>bold</b> <i>it</i> <em>em</em> <strong>s</strong>'],
    ['line<br>break', 'line<br />break'],
    ['<p>para</p><ul><li>a</li></ul><ol><li>b</li></ol>', '<p>para</p><ul><li>a</li></ul><ol><li>b</li></ol>'],
    [
      '<a href="https://ok.example/x?a=1&amp;b=2">link</a>',
      '<a href="https://ok.example/x?a=1&amp;b=2" rel="nofollow ugc noopener" target="_blank">link</a>',
    ],
    [
      '<a href="http://ok.example/" rel="opener" target="_self">l</a>',
      '<a href="http://ok.example/" rel="nofollow ugc noopener" target="_blank">l</a>',
    ],
    ['<a href="javascript:alert(1)">bad</a>', '<a rel="nofollow ugc noopener" target="_blank">bad</a>'],
    ['Fish &amp; chips &lt;3 &eacute;', 'Fish &amp; chips &lt;3 &eacute;'],
    ['a < b > c', 'a &lt; b &gt; c'],
    ['<h1>Title</h1><span>x</span>', 'Titlex'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeReviewHtml(input)).toBe(expected);
  });

  it('non-strings become empty', () => {
    expect(sanitizeReviewHtml(null)).toBe('');
    expect(sanitizeReviewHtml(42)).toBe('');
  });

  it.each([
    ['https://a.example/', true],
    ['HTTP://a.example/x', true],
    ['https:/a.example', false],
    ['&#104;ttps://a.example', false],
    ['javascript:alert(1)', false],
    [' https://a.example', false],
    ['//a.example', false],
    [undefined, false],
  ])('isSafeHref(%s) = %s', (href, ok) => {
    expect(isSafeHref(href)).toBe(ok);
  });
});
