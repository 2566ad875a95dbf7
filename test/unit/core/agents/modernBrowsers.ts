/**
 * Agents of today's shoppers, built from the shapes browsers send: desktop and phone Chrome, Edge,
 * Opera, Firefox, Safari, Samsung Internet, and the in-app browsers of Instagram, Facebook, TikTok
 * and Pinterest, over recent versions (595 agents). The labelled lists of `browsers.txt` are older
 * on the whole; these are what a shop sees today.
 */
export function modernBrowsers(): string[] {
  const out: string[] = [];
  const chromeVersions = [109, 116, 120, 124, 126, 128, 130, 131, 132, 134, 136, 138];
  const desktops = ['Windows NT 10.0; Win64; x64', 'Macintosh; Intel Mac OS X 10_15_7', 'X11; Linux x86_64', 'X11; CrOS x86_64 14541.0.0'];
  const androids = [
    'Linux; Android 10; K',
    'Linux; Android 13; SM-S911B',
    'Linux; Android 14; Pixel 8',
    'Linux; Android 12; moto g power (2022)',
    'Linux; Android 11; Redmi Note 9 Pro',
    'Linux; Android 14; CPH2581',
  ];
  for (const v of chromeVersions) {
    for (const os of desktops) {
      out.push(`Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`);
      out.push(`Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36 Edg/${v}.0.0.0`);
      out.push(`Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36 OPR/${v - 14}.0.0.0`);
    }
    for (const os of androids) {
      out.push(`Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Mobile Safari/537.36`);
      out.push(
        `Mozilla/5.0 (${os}; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${v}.0.6478.71 Mobile Safari/537.36 Instagram 346.0.0.34.95 Android (34/14; 480dpi; 1080x2340; samsung; SM-S911B; dm1q; qcom; en_US; 634108168)`,
      );
      out.push(
        `Mozilla/5.0 (${os}; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${v}.0.6478.71 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/475.0.0.45.79;]`,
      );
      out.push(
        `Mozilla/5.0 (${os}) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/${Math.round(v / 5)}.0 Chrome/${v}.0.0.0 Mobile Safari/537.36`,
      );
    }
  }
  for (const v of [115, 120, 125, 128, 131, 133, 135, 137, 139]) {
    for (const os of ['Windows NT 10.0; Win64; x64', 'Macintosh; Intel Mac OS X 10.15', 'X11; Linux x86_64', 'X11; Ubuntu; Linux x86_64']) {
      out.push(`Mozilla/5.0 (${os}; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`);
    }
    out.push(`Mozilla/5.0 (Android 14; Mobile; rv:${v}.0) Gecko/${v}.0 Firefox/${v}.0`);
  }
  for (const ios of ['15_8', '16_7_10', '17_5_1', '17_7', '18_1', '18_3_2', '18_5']) {
    const major = ios.split('_')[0];
    for (const device of ['iPhone; CPU iPhone OS', 'iPad; CPU OS']) {
      out.push(
        `Mozilla/5.0 (${device} ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${major}.0 Mobile/15E148 Safari/604.1`,
      );
      out.push(
        `Mozilla/5.0 (${device} ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1`,
      );
      out.push(
        `Mozilla/5.0 (${device} ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15`,
      );
      out.push(
        `Mozilla/5.0 (${device} ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 356.0.0.24.76 (iPhone14,5; iOS ${ios}; en_US; en; scale=3.00; 1170x2532; 656839221)`,
      );
      out.push(
        `Mozilla/5.0 (${device} ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/480.0.0.38.108;FBBV/651612455;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/${ios.replace(/_/g, '.')};FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]`,
      );
      out.push(
        `Mozilla/5.0 (${device} ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_37.2.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US`,
      );
      out.push(`Mozilla/5.0 (${device} ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Pinterest/iOS/12.40`);
      out.push(
        `Mozilla/5.0 (${device} ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${major}.0 EdgiOS/131.2903.68 Mobile/15E148 Safari/605.1.15`,
      );
    }
  }
  for (const v of ['16.6', '17.4.1', '17.6', '18.1.1', '18.3', '18.5']) {
    out.push(`Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${v} Safari/605.1.15`);
  }
  return out;
}
