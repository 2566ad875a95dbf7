/**
 * The platform's side of Vitrine's theme app extension (extensions/vitrine-theme) in the demo
 * shop: its Liquid files are read once and rendered with liquidjs, server side, with the platform
 * objects the blocks use (`request`, `template`, `product`, `block`, `app.metafields`) and the
 * platform filters they use (`json`, `t`; `escape` and `url_encode` are liquidjs's own). The
 * layout writes the app embed where its schema's `target` says; the product page's alternate
 * template (`?view=blocks`) puts the app blocks in its sections. Nothing of it reaches shoppers
 * but the HTML.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Liquid, Tag, type TagToken, type Template, type TopLevelToken } from 'liquidjs';
import { DEMO_SHOP_ID } from '../lib/demoShop.ts';
import { esc, safeJson } from '../lib/html.ts';

/** The extension's folder (the repository's, as `shopify app deploy` would upload it). */
const EXTENSION_DIR = fileURLToPath(new URL('../../extensions/vitrine-theme/', import.meta.url));

/** The extension's app blocks (`blocks/<name>.liquid`, the app embed aside). */
type AppBlockName = 'reviews' | 'star-rating' | 'offer-card' | 'currency-selector';

/**
 * The app's id in block types (`shopify://apps/<app>/blocks/<block>/<extension id>`, as the
 * platform writes them into JSON templates and the editor's block attributes).
 */
const BLOCK_TYPE_PREFIX = 'shopify://apps/vitrine/blocks/';
const EXTENSION_ID = '6f1d2c3b-4a59-4e87-9c21-0b7a5d3e8f14';

/** The page as the platform's Liquid objects describe it. */
export interface ThemePage {
  /** `template.name`: 'index', 'product', 'collection', 'cart', 'page', 'search', 'list-collections', '404'. */
  template: string;
  /** `template.suffix`: the alternate template's name (`?view=blocks` → 'blocks'), null for the default one. */
  suffix: string | null;
  /** `request.page_type`: the same names. */
  pageType: string;
  /** `request.design_mode`: the page is shown in the theme editor. */
  designMode: boolean;
  /** `request.locale.iso_code`: picks the extension's storefront texts (`locales/<code>.json`). */
  locale: string;
}

/** The product fields the blocks read (`product.id`, `product.handle`). */
export interface BlockProduct {
  id: number;
  handle: string;
}

/** The demo's page types (`ShopifyAnalytics.meta.page.pageType`) that the platform's Liquid names differently. */
const LIQUID_PAGE_TYPE: Record<string, string> = { home: 'index', searchresults: 'search', collections: 'list-collections' };

/**
 * The ThemePage of a demo page of type `pageType` (the layout's `PageOptions.pageType`). The
 * demo's checkout page keeps the name 'checkout': a theme page in the demo, where the platform's
 * checkout is none (and runs no app embed).
 */
export function themePage(pageType: string, opts: { suffix?: string | null; designMode: boolean; locale: string }): ThemePage {
  const name = LIQUID_PAGE_TYPE[pageType] ?? pageType;
  return { template: name, suffix: opts.suffix ?? null, pageType: name, designMode: opts.designMode, locale: opts.locale };
}

/** `{% schema %}…{% endschema %}`: the platform reads it; rendering outputs nothing of it. */
class SchemaTag extends Tag {
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid);
    while (remainTokens.length) {
      const next = remainTokens.shift()!;
      if ((next as TagToken).name === 'endschema') return;
    }
    throw new Error(`${token.getText()} is not closed`);
  }

  render(): void {}
}

/** The part of a block's schema the demo uses. */
interface BlockSchema {
  target: 'head' | 'body' | 'compliance_head' | 'section';
  enabled_on?: { templates?: string[] };
}

/** The JSON of a block file's schema tag. */
function schemaOf(source: string, file: string): BlockSchema {
  const json = /{%-?\s*schema\s*-?%}([\s\S]*?){%-?\s*endschema\s*-?%}/.exec(source)?.[1];
  if (!json) throw new Error(`${file}: no {% schema %}`);
  return JSON.parse(json) as BlockSchema;
}

/** The storefront texts of each locale (`locales/<code>.json`, `<code>.default.json`; not the `.schema.json` ones). */
function readLocales(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const file of fs.readdirSync(path.join(EXTENSION_DIR, 'locales'))) {
    const match = /^([a-z-]+?)(\.default)?\.json$/i.exec(file);
    if (!match) continue;
    const texts: unknown = JSON.parse(fs.readFileSync(path.join(EXTENSION_DIR, 'locales', file), 'utf8'));
    out[match[1]!] = texts;
    if (match[2]) out.default = texts;
  }
  return out;
}

const LOCALES = readLocales();

/** `'a.b' | t`: the text at that path in the page's locale, else the default locale, else the platform's "translation missing" text. */
function translate(locale: string, key: string): string {
  const at = (texts: unknown) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts);
  const text = at(LOCALES[locale]) ?? at(LOCALES.default);
  return typeof text === 'string' ? text : `translation missing: ${locale}.${key}`;
}

const SNIPPETS_DIR = path.join(EXTENSION_DIR, 'snippets');

const engine = new Liquid({
  // Snippets (`{% render 'vitrine-block' %}`) from memory, read once like the blocks.
  templates: Object.fromEntries(
    fs.readdirSync(SNIPPETS_DIR).map((file) => [file, fs.readFileSync(path.join(SNIPPETS_DIR, file), 'utf8')] as const),
  ),
  extname: '.liquid',
  // A filter the platform has and this module does not is an error here, not an empty output.
  strictFilters: true,
  ownPropertyOnly: true,
});
engine.registerTag('schema', SchemaTag);
// The platform's `json` escapes `<`, `>` and `&`, so it is safe inside a `<script>`; nil is `null`.
engine.registerFilter('json', (value: unknown) => safeJson(value ?? null));
engine.registerFilter('t', function (this: { context: { getSync(paths: string[]): unknown } }, key: unknown) {
  return translate(String(this.context.getSync(['request', 'locale', 'iso_code']) ?? 'en'), String(key));
});

/** One block file, parsed once. */
interface Block {
  templates: Template[];
  schema: BlockSchema;
}

function loadBlock(name: string): Block {
  const file = path.join(EXTENSION_DIR, 'blocks', `${name}.liquid`);
  const source = fs.readFileSync(file, 'utf8');
  return { templates: engine.parse(source, file), schema: schemaOf(source, file) };
}

const APP_EMBED = loadBlock('app-embed');
const APP_BLOCKS: Record<AppBlockName, Block> = {
  reviews: loadBlock('reviews'),
  'star-rating': loadBlock('star-rating'),
  'offer-card': loadBlock('offer-card'),
  'currency-selector': loadBlock('currency-selector'),
};

/** The platform's global objects the blocks use: seen by the snippets they render too. */
function globals(page: ThemePage, editorToken: string | null) {
  return {
    request: { design_mode: page.designMode, page_type: page.pageType, locale: { iso_code: page.locale } },
    template: { name: page.template, suffix: page.suffix },
    app: { metafields: appMetafields(editorToken) },
  };
}

/**
 * The app's data, app-data metafields the app writes for the shop at install (`vitrine`
 * namespace): the demo's provider is the demo shop's own origin (`provider_url` empty, so the
 * script URL is `/demo/vitrine.js`).
 */
function appMetafields(editorToken: string | null) {
  const metafield = (value: string | null) => (value === null ? undefined : { value });
  return { vitrine: { shop_id: metafield(DEMO_SHOP_ID), provider_url: metafield(''), editor_token: metafield(editorToken) } };
}

/**
 * The app embed's output and where the platform puts it (its schema's `target`: the end of
 * `<head>` or of `<body>`). `editorToken` is what the app hands the theme editor for owner-mode
 * calls (the block writes it only in design mode); null when there is none.
 */
export function renderAppEmbed(page: ThemePage, editorToken: string | null): { target: 'head' | 'body'; html: string } {
  const html = String(
    engine.renderSync(
      APP_EMBED.templates,
      { block: { id: 'vitrine_app_embed', settings: {}, shopify_attributes: '' } },
      { globals: globals(page, editorToken) },
    ),
  ).trim();
  return { target: APP_EMBED.schema.target === 'body' ? 'body' : 'head', html };
}

/** One app block placed in a section: its id (`<app>_<block>_<random>`, as the platform names app blocks in JSON templates). */
export interface PlacedBlock {
  name: AppBlockName;
  id: string;
}

/**
 * An app block as the platform renders it in a section: the block's output in the platform's
 * wrapper (`#shopify-block-<id>.shopify-app-block`), with the editor's block attributes in
 * design mode. Throws for a block its schema does not allow on the page's template (the theme
 * editor would not offer it there): a mistake in the demo's templates.
 */
export function renderAppBlock(placed: PlacedBlock, page: ThemePage, product: BlockProduct | null = null): string {
  const block = APP_BLOCKS[placed.name];
  const templates = block.schema.enabled_on?.templates;
  if (templates && !templates.includes('*') && !templates.includes(page.template)) {
    throw new Error(`The ${placed.name} app block is not enabled on the ${page.template} template`);
  }
  const editorData = { id: placed.id, type: `${BLOCK_TYPE_PREFIX}${placed.name}/${EXTENSION_ID}` };
  const html = String(
    engine.renderSync(
      block.templates,
      {
        product: product ?? undefined,
        block: {
          id: placed.id,
          settings: {},
          // The platform writes these in the theme editor only.
          shopify_attributes: page.designMode ? `data-shopify-editor-block="${esc(JSON.stringify(editorData))}"` : '',
        },
      },
      { globals: globals(page, null) },
    ),
  ).trim();
  return `<div id="shopify-block-${esc(placed.id)}" class="shopify-block shopify-app-block">${html}</div>`;
}
