// The demo shop's stand-in for the platform's theme editor, on design-mode pages only
// (`?design_mode=1`; never for shoppers, never in the widget bundle). It does to the page what the
// editor does when a merchant works on it: re-renders a section (Section Rendering API, the
// page's own URL with `section_id`), selects and deselects sections and blocks, firing the
// editor's events as the platform documents them (CustomEvents that bubble and cannot be
// cancelled, fired on the section's wrapper or the block's element):
// shopify:section:unload / :load {sectionId}, shopify:section:select {sectionId, load},
// shopify:section:deselect {sectionId}, shopify:block:select {blockId, sectionId, load},
// shopify:block:deselect {blockId, sectionId}.
// `window.__vitrineDemoEditor` is the API tests use; the buttons in the preview bar are for demos.
// Inlined by the layout: comments on lines of their own, no literal spans lines.
(() => {
  const fire = (target, type, detail) => target.dispatchEvent(new CustomEvent(type, { bubbles: true, cancelable: false, detail }));
  const sectionById = (id) => {
    const section = document.getElementById('shopify-section-' + id);
    if (!section) throw new Error('No section ' + id + ' on this page');
    return section;
  };
  // A block is the element with the editor's block attributes (`block.shopify_attributes`) whose id is `blockId`.
  const blockById = (section, blockId) => {
    const found = [...section.querySelectorAll('[data-shopify-editor-block]')].find((element) => {
      try {
        return JSON.parse(element.getAttribute('data-shopify-editor-block')).id === blockId;
      } catch {
        return false;
      }
    });
    if (!found) throw new Error('No block ' + blockId + ' in section ' + section.id);
    return found;
  };
  const editor = {
    // Resolves to the new section element once `shopify:section:load` has been fired on it. As in
    // the editor, the section's own scripts do not run again: the theme's load listeners are there for that.
    async reloadSection(sectionId) {
      const old = sectionById(sectionId);
      const url = new URL(location.href);
      url.hash = '';
      url.searchParams.set('section_id', sectionId);
      const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) throw new Error('Section ' + sectionId + ': HTTP ' + response.status);
      const template = document.createElement('template');
      template.innerHTML = (await response.text()).trim();
      const fresh = template.content.firstElementChild;
      if (!fresh || fresh.id !== old.id) throw new Error('Section ' + sectionId + ': unexpected answer');
      fire(old, 'shopify:section:unload', { sectionId });
      old.replaceWith(fresh);
      fire(fresh, 'shopify:section:load', { sectionId });
      return fresh;
    },
    selectSection(sectionId) {
      fire(sectionById(sectionId), 'shopify:section:select', { sectionId, load: false });
    },
    deselectSection(sectionId) {
      fire(sectionById(sectionId), 'shopify:section:deselect', { sectionId });
    },
    selectBlock(sectionId, blockId) {
      fire(blockById(sectionById(sectionId), blockId), 'shopify:block:select', { blockId, sectionId, load: false });
    },
    deselectBlock(sectionId, blockId) {
      fire(blockById(sectionById(sectionId), blockId), 'shopify:block:deselect', { blockId, sectionId });
    },
  };
  window.__vitrineDemoEditor = editor;

  // The preview bar's buttons: a section, a block of it, and what to do with them.
  const bar = document.getElementById('PBarNextFrameWrapper');
  if (!bar) return;
  const control = (tag, label) => {
    const element = document.createElement(tag);
    if (tag === 'button') {
      element.type = 'button';
      element.textContent = label;
    } else element.setAttribute('aria-label', label);
    bar.append(element);
    return element;
  };
  const sections = control('select', 'Section');
  const blocks = control('select', 'Block');
  const sectionIds = () =>
    [...document.querySelectorAll('.shopify-section[id^="shopify-section-"]')].map((section) =>
      section.id.slice('shopify-section-'.length),
    );
  const fill = (select, values) => {
    const chosen = select.value;
    select.replaceChildren(...values.map((value) => new Option(value, value, false, value === chosen)));
  };
  const blockIds = () => {
    const section = document.getElementById('shopify-section-' + sections.value);
    return section
      ? [...section.querySelectorAll('[data-shopify-editor-block]')].map(
          (element) => JSON.parse(element.getAttribute('data-shopify-editor-block')).id,
        )
      : [];
  };
  const refill = () => {
    fill(sections, sectionIds());
    fill(blocks, blockIds());
  };
  sections.addEventListener('change', () => fill(blocks, blockIds()));
  const act = (label, run) =>
    control('button', label).addEventListener('click', () =>
      Promise.resolve()
        .then(run)
        .then(refill, (error) => console.error('Theme editor (demo):', error)),
    );
  act('Reload section', () => editor.reloadSection(sections.value));
  act('Select section', () => editor.selectSection(sections.value));
  act('Deselect section', () => editor.deselectSection(sections.value));
  act('Select block', () => editor.selectBlock(sections.value, blocks.value));
  act('Deselect block', () => editor.deselectBlock(sections.value, blocks.value));
  refill();
  // Start on the first section with blocks (the app blocks of `?view=blocks`), where there is one.
  const withBlocks = sectionIds().find((id) =>
    document.getElementById('shopify-section-' + id).querySelector('[data-shopify-editor-block]'),
  );
  if (withBlocks) {
    sections.value = withBlocks;
    fill(blocks, blockIds());
  }
})();
