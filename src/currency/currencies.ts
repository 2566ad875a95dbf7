/**
 * Currency entries (spec §3 "Currency entry": name, symbol, rate r, format f,
 * sprite position p, enabled flag s; §9 "about 150 others disabled by
 * default; rates per USD are embedded").
 *
 * Kept as one compact text table parsed on first use: one line per active ISO
 * 4217 currency (no funds, metals or withdrawn codes such as ANG, BGN, HRK,
 * SLL, ZWL), sorted by code, `CODE|name|symbol|format`. An empty format means
 * `{symbol}{{amount}}`. The line index is the flag sprite cell, `spritePosition`
 * (`flags.svg`, built by `scripts/buildFlagSprite.ts`); `enabledByDefault`
 * comes from DEFAULT_CURRENCIES and `rate` from `rates.json` (a snapshot: the
 * provider may serve fresher rates, pass them as `rates`).
 */
import RATES_JSON from './rates.json';

/** Currency flag sprite size. */
export const FLAG_SIZE = { width: 30, height: 20 } as const;
/** Currencies enabled by default. */
export const DEFAULT_CURRENCIES = ['USD', 'CAD', 'AUD', 'NZD', 'GBP', 'EUR'] as const;

/** A currency entry (spec §3; the spec's short names in brackets). */
export interface Currency {
  /** ISO 4217 code. */
  code: string;
  name: string;
  symbol: string;
  /** Units per 1 USD (`r`). NaN when the rate table lacks this currency. */
  rate: number;
  /** Money format template (`f`), e.g. `€{{amount_with_comma_separator}}`. */
  format: string;
  /** Cell index in the flag sprite (`p`). */
  spritePosition: number;
  /** Enabled by default (`s`, spec §9). */
  enabledByDefault: boolean;
}

/** Rates per USD, keyed by currency code. */
export type Rates = Record<string, number>;

/** Embedded rates per USD (snapshot of `ratesDate`). */
export const RATES: Rates = RATES_JSON.rates;
/** Date (YYYY-MM-DD) of the embedded rate snapshot. */
export const ratesDate: string = RATES_JSON.date;
/** Cells per row in the flag sprite; cells are FLAG_SIZE (30×20 px). */
export const FLAG_COLUMNS = 16;

const DATA = `AED|UAE Dirham|د.إ|AED {{amount}}
AFN|Afghan Afghani|؋|{{amount}} ؋
ALL|Albanian Lek|L|{{amount}} Lek
AMD|Armenian Dram|֏|{{amount}} ֏
AOA|Angolan Kwanza|Kz|Kz {{amount_with_comma_separator}}
ARS|Argentine Peso|$|\${{amount_with_comma_separator}} ARS
AUD|Australian Dollar|$|\${{amount}} AUD
AWG|Aruban Florin|ƒ|
AZN|Azerbaijani Manat|₼|{{amount}} ₼
BAM|Bosnia-Herzegovina Mark|KM|{{amount_with_comma_separator}} KM
BBD|Barbadian Dollar|$|\${{amount}} BBD
BDT|Bangladeshi Taka|৳|
BHD|Bahraini Dinar|BD|BD {{amount}}
BIF|Burundian Franc|FBu|{{amount_no_decimals}} FBu
BMD|Bermudian Dollar|$|\${{amount}} BMD
BND|Brunei Dollar|$|\${{amount}} BND
BOB|Bolivian Boliviano|Bs.|Bs. {{amount_with_comma_separator}}
BRL|Brazilian Real|R$|R$ {{amount_with_comma_separator}}
BSD|Bahamian Dollar|$|\${{amount}} BSD
BTN|Bhutanese Ngultrum|Nu.|Nu. {{amount}}
BWP|Botswana Pula|P|
BYN|Belarusian Ruble|Br|{{amount_with_space_separator}} Br
BZD|Belize Dollar|BZ$|
CAD|Canadian Dollar|$|\${{amount}} CAD
CDF|Congolese Franc|FC|{{amount_with_comma_separator}} FC
CHF|Swiss Franc|CHF|CHF {{amount_with_apostrophe_separator}}
CLP|Chilean Peso|$|\${{amount_no_decimals_with_comma_separator}} CLP
CNY|Chinese Yuan|¥|
COP|Colombian Peso|$|\${{amount_no_decimals_with_comma_separator}} COP
CRC|Costa Rican Colón|₡|₡{{amount_with_comma_separator}}
CUP|Cuban Peso|$|\${{amount}} CUP
CVE|Cape Verdean Escudo|Esc|{{amount_with_comma_separator}} Esc
CZK|Czech Koruna|Kč|{{amount_with_space_separator}} Kč
DJF|Djiboutian Franc|Fdj|{{amount_no_decimals}} Fdj
DKK|Danish Krone|kr.|{{amount_with_comma_separator}} kr.
DOP|Dominican Peso|RD$|
DZD|Algerian Dinar|DA|{{amount_with_comma_separator}} DA
EGP|Egyptian Pound|E£|
ERN|Eritrean Nakfa|Nfk|Nfk {{amount}}
ETB|Ethiopian Birr|Br|Br {{amount}}
EUR|Euro|€|€{{amount_with_comma_separator}}
FJD|Fijian Dollar|$|\${{amount}} FJD
FKP|Falkland Islands Pound|£|£{{amount}} FKP
GBP|British Pound|£|
GEL|Georgian Lari|₾|{{amount_with_comma_separator}} ₾
GHS|Ghanaian Cedi|GH₵|
GIP|Gibraltar Pound|£|£{{amount}} GIP
GMD|Gambian Dalasi|D|D {{amount}}
GNF|Guinean Franc|FG|{{amount_no_decimals}} FG
GTQ|Guatemalan Quetzal|Q|
GYD|Guyanese Dollar|$|\${{amount}} GYD
HKD|Hong Kong Dollar|HK$|
HNL|Honduran Lempira|L|L {{amount}}
HTG|Haitian Gourde|G|{{amount}} G
HUF|Hungarian Forint|Ft|{{amount_no_decimals_with_space_separator}} Ft
IDR|Indonesian Rupiah|Rp|Rp {{amount_no_decimals_with_comma_separator}}
ILS|Israeli New Shekel|₪|
INR|Indian Rupee|₹|
IQD|Iraqi Dinar|IQD|{{amount_no_decimals}} IQD
IRR|Iranian Rial|﷼|{{amount_no_decimals}} ﷼
ISK|Icelandic Króna|kr|{{amount_no_decimals_with_comma_separator}} kr
JMD|Jamaican Dollar|$|\${{amount}} JMD
JOD|Jordanian Dinar|JD|{{amount}} JD
JPY|Japanese Yen|¥|¥{{amount_no_decimals}}
KES|Kenyan Shilling|KSh|KSh {{amount}}
KGS|Kyrgyzstani Som|сом|{{amount_with_space_separator}} сом
KHR|Cambodian Riel|៛|{{amount}}៛
KMF|Comorian Franc|CF|{{amount_no_decimals}} CF
KPW|North Korean Won|₩|₩{{amount}} KPW
KRW|South Korean Won|₩|₩{{amount_no_decimals}}
KWD|Kuwaiti Dinar|KD|{{amount}} KD
KYD|Cayman Islands Dollar|$|\${{amount}} KYD
KZT|Kazakhstani Tenge|₸|{{amount_with_space_separator}} ₸
LAK|Lao Kip|₭|₭{{amount_no_decimals}}
LBP|Lebanese Pound|L£|{{amount_no_decimals}} L£
LKR|Sri Lankan Rupee|Rs|Rs {{amount}}
LRD|Liberian Dollar|$|\${{amount}} LRD
LSL|Lesotho Loti|M|M {{amount}}
LYD|Libyan Dinar|LD|{{amount}} LD
MAD|Moroccan Dirham|DH|{{amount_with_space_separator}} DH
MDL|Moldovan Leu|L|{{amount_with_comma_separator}} L
MGA|Malagasy Ariary|Ar|{{amount_no_decimals}} Ar
MKD|Macedonian Denar|ден|{{amount_with_comma_separator}} ден
MMK|Myanmar Kyat|K|{{amount_no_decimals}} K
MNT|Mongolian Tögrög|₮|₮{{amount_no_decimals}}
MOP|Macanese Pataca|MOP$|
MRU|Mauritanian Ouguiya|UM|{{amount}} UM
MUR|Mauritian Rupee|Rs|Rs {{amount}}
MVR|Maldivian Rufiyaa|Rf|Rf {{amount}}
MWK|Malawian Kwacha|MK|MK {{amount}}
MXN|Mexican Peso|$|\${{amount}} MXN
MYR|Malaysian Ringgit|RM|
MZN|Mozambican Metical|MT|{{amount_with_comma_separator}} MT
NAD|Namibian Dollar|$|\${{amount}} NAD
NGN|Nigerian Naira|₦|
NIO|Nicaraguan Córdoba|C$|C$ {{amount}}
NOK|Norwegian Krone|kr|{{amount_with_comma_separator}} kr
NPR|Nepalese Rupee|Rs|Rs {{amount}}
NZD|New Zealand Dollar|$|\${{amount}} NZD
OMR|Omani Rial|OMR|{{amount}} OMR
PAB|Panamanian Balboa|B/.|B/. {{amount}}
PEN|Peruvian Sol|S/|S/ {{amount}}
PGK|Papua New Guinean Kina|K|K {{amount}}
PHP|Philippine Peso|₱|
PKR|Pakistani Rupee|Rs|Rs {{amount}}
PLN|Polish Złoty|zł|{{amount_with_space_separator}} zł
PYG|Paraguayan Guaraní|₲|₲{{amount_no_decimals_with_comma_separator}}
QAR|Qatari Riyal|QR|QR {{amount}}
RON|Romanian Leu|lei|{{amount_with_comma_separator}} lei
RSD|Serbian Dinar|RSD|{{amount_with_comma_separator}} RSD
RUB|Russian Ruble|₽|{{amount_with_space_separator}} ₽
RWF|Rwandan Franc|FRw|{{amount_no_decimals}} FRw
SAR|Saudi Riyal|SR|{{amount}} SR
SBD|Solomon Islands Dollar|$|\${{amount}} SBD
SCR|Seychellois Rupee|SRe|SRe {{amount}}
SDG|Sudanese Pound|SDG|{{amount}} SDG
SEK|Swedish Krona|kr|{{amount_with_space_separator}} kr
SGD|Singapore Dollar|S$|
SHP|Saint Helena Pound|£|£{{amount}} SHP
SLE|Sierra Leonean Leone|Le|Le {{amount}}
SOS|Somali Shilling|Sh|{{amount}} Sh
SRD|Surinamese Dollar|$|\${{amount_with_comma_separator}} SRD
SSP|South Sudanese Pound|£|£{{amount}} SSP
STN|São Tomé and Príncipe Dobra|Db|{{amount_with_comma_separator}} Db
SVC|Salvadoran Colón|₡|₡{{amount}} SVC
SYP|Syrian Pound|LS|{{amount_no_decimals}} LS
SZL|Swazi Lilangeni|E|E {{amount}}
THB|Thai Baht|฿|
TJS|Tajikistani Somoni|SM|{{amount_with_space_separator}} SM
TMT|Turkmenistani Manat|m|{{amount}} m
TND|Tunisian Dinar|DT|{{amount}} DT
TOP|Tongan Paʻanga|T$|
TRY|Turkish Lira|₺|₺{{amount_with_comma_separator}}
TTD|Trinidad and Tobago Dollar|TT$|
TWD|New Taiwan Dollar|NT$|NT\${{amount_no_decimals}}
TZS|Tanzanian Shilling|TSh|TSh {{amount_no_decimals}}
UAH|Ukrainian Hryvnia|₴|{{amount_with_space_separator}} ₴
UGX|Ugandan Shilling|USh|USh {{amount_no_decimals}}
USD|US Dollar|$|
UYU|Uruguayan Peso|$U|$U {{amount_with_comma_separator}}
UZS|Uzbekistani Som|soʻm|{{amount_no_decimals_with_space_separator}} soʻm
VED|Venezuelan Digital Bolívar|Bs.D|Bs.D {{amount_with_comma_separator}}
VES|Venezuelan Bolívar|Bs.S|Bs.S {{amount_with_comma_separator}}
VND|Vietnamese Đồng|₫|{{amount_no_decimals_with_comma_separator}} ₫
VUV|Vanuatu Vatu|VT|{{amount_no_decimals}} VT
WST|Samoan Tālā|WS$|
XAF|Central African CFA Franc|FCFA|{{amount_no_decimals_with_space_separator}} FCFA
XCD|East Caribbean Dollar|EC$|
XCG|Caribbean Guilder|Cg|Cg {{amount}}
XOF|West African CFA Franc|CFA|{{amount_no_decimals_with_space_separator}} CFA
XPF|CFP Franc|₣|{{amount_no_decimals_with_space_separator}} ₣
YER|Yemeni Rial|YR|{{amount}} YR
ZAR|South African Rand|R|
ZMW|Zambian Kwacha|ZK|
ZWG|Zimbabwe Gold|ZiG|ZiG {{amount}}`;

let lines: string[] | undefined;
/** Table lines, split on first use. */
const tableLines = (): string[] => (lines ||= DATA.split('\n'));

/** The entry of one table line (`CODE|name|symbol|format`), the line's index being its sprite cell. */
function parseLine(line: string, spritePosition: number, rates: Rates): Currency {
  const [code, name, symbol, format] = line.split('|');
  return {
    code,
    name,
    symbol,
    rate: rates[code] ?? NaN,
    format: format || symbol + '{{amount}}',
    spritePosition,
    enabledByDefault: (DEFAULT_CURRENCIES as readonly string[]).includes(code),
  };
}

/** Sprite cell index of `code`, -1 when unknown. */
const indexOf = (code: string): number => {
  const prefix = String(code).toUpperCase() + '|';
  return tableLines().findIndex((line) => line.startsWith(prefix));
};

/**
 * The entry for ISO 4217 `code` (case-insensitive), with its rate from
 * `rates` (default: the embedded snapshot), or undefined when unknown.
 */
export function getCurrency(code: string, rates: Rates = RATES): Currency | undefined {
  const index = indexOf(code);
  return index < 0 ? undefined : parseLine(tableLines()[index], index, rates);
}

/** Every entry, sorted by code, with rates from `rates` (default: embedded). */
export function listCurrencies(rates: Rates = RATES): Currency[] {
  return tableLines().map((line, index) => parseLine(line, index, rates));
}

/**
 * Top-left corner (px) of `code`'s 30×20 cell in `flags.svg`, for
 * `background-position: -{x}px -{y}px`; undefined when unknown.
 */
export function flagPosition(code: string): { x: number; y: number } | undefined {
  const cell = indexOf(code);
  return cell < 0 ? undefined : { x: (cell % FLAG_COLUMNS) * FLAG_SIZE.width, y: Math.floor(cell / FLAG_COLUMNS) * FLAG_SIZE.height };
}
