/**
 * Country ↔ currency maps (spec §3 "A country-to-currency map and a
 * currency-to-preferred-country map exist"; used by §4 "country-derived
 * currency" and for the flag of a currency).
 *
 * Compact encoding, decoded on first use: space-separated tokens, either
 * `CUR` (the country is the code's first two letters, as ISO 4217 codes are
 * built: AED → AE) or `CUR:AA,BB` (exactly those countries). Covers all 249
 * ISO 3166-1 alpha-2 codes plus XK (Kosovo, as shop platforms use it).
 * Notes: BG uses EUR from 2026; CW and SX use XCG (ANG withdrawn 2025);
 * AQ (no currency) maps to USD; PA maps to PAB, ZW to ZWG.
 */
const DATA =
  'AED AFN ALL AMD AOA ARS AUD:AU,CC,CX,HM,KI,NF,NR,TV AWG AZN BAM BBD BDT BHD BIF BMD BND BOB BRL BSD BTN BWP ' +
  'BYN BZD CAD CDF CHF:CH,LI CLP CNY COP CRC CUP CVE CZK DJF DKK:DK,FO,GL DOP DZD EGP ERN ETB ' +
  'EUR:AD,AT,AX,BE,BG,BL,CY,DE,EE,ES,FI,FR,GF,GP,GR,HR,IE,IT,LT,LU,LV,MC,ME,MF,MQ,MT,NL,PM,PT,RE,SI,SK,SM,TF,VA,XK,YT ' +
  'FJD FKP GBP:GB,GG,GS,IM,JE GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS:IL,PS INR IQD IRR ISK JMD JOD JPY ' +
  'KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD:MA,EH MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK ' +
  'MXN MYR MZN NAD NGN NIO NOK:NO,BV,SJ NPR NZD:NZ,CK,NU,PN,TK OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF ' +
  'SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX ' +
  'USD:US,AQ,AS,BQ,EC,FM,GU,IO,MH,MP,PR,PW,SV,TC,TL,UM,VG,VI UYU UZS VES VND VUV WST ' +
  'XAF:CF,CG,CM,GA,GQ,TD XCD:AG,AI,DM,GD,KN,LC,MS,VC XCG:CW,SX XOF:BF,BJ,CI,GW,ML,NE,SN,TG XPF:NC,PF,WF YER ZAR ZMW ZWG';

/** Currencies whose preferred flag is not their code's first two letters. */
const PREFERRED: Record<string, string> = { EUR: 'EU', XAF: 'CM', XCD: 'AG', XCG: 'CW', XOF: 'SN', XPF: 'PF' };

let currencyByCountry: Record<string, string> | undefined;

/** Country (ISO 3166-1 alpha-2) → currency (ISO 4217), decoded on first use. */
export function countryCurrencies(): Record<string, string> {
  if (!currencyByCountry) {
    currencyByCountry = {};
    for (const token of DATA.split(' ')) {
      const [currency, countries] = token.split(':');
      for (const country of countries ? countries.split(',') : [currency.slice(0, 2)]) currencyByCountry[country] = currency;
    }
  }
  return currencyByCountry;
}

/** Currency of `country` (ISO 3166-1 alpha-2, case-insensitive), undefined when unknown. */
export function currencyForCountry(country: string): string | undefined {
  return countryCurrencies()[String(country).toUpperCase()];
}

/** Country whose flag stands for `currency` (EUR → EU, USD → US, XOF → SN). */
export function preferredCountry(currency: string): string {
  const code = String(currency).toUpperCase();
  return PREFERRED[code] || code.slice(0, 2);
}
