// The demo shop's product page script, as a Dawn-like theme ships it: the variant selects pick
// the variant (price, button, URL, `variant:change`), and the add-to-cart form posts to the
// cart AJAX API, then refreshes the header's cart bubble (`cart:updated`). The widgets listen to
// both events, as they do on a real theme.
//
// Inlined in the product section (server/shop/productPage.ts) right after the product JSON, as
// `<script data-section="…" data-money-format="…">`: it reads both attributes from
// document.currentScript. The server reads this file once at start, drops the `//` comment
// lines and the indentation, and inlines the rest; so comments stay on lines of their own, and
// no string or template literal spans lines.
(() => {
  const script = document.currentScript;
  const sectionId = script.getAttribute('data-section');
  const product = JSON.parse(document.getElementById('ProductJson-' + sectionId).textContent);
  const form = document.getElementById('product-form-' + sectionId);
  const button = document.getElementById('ProductSubmitButton-' + sectionId);
  const errorBox = form && form.parentNode.querySelector('.product-form__error-message-wrapper');
  const shopify = window.Shopify || {};
  const root = (shopify.routes && shopify.routes.root) || '/';
  // "Add to cart|Sold out|Pre-order", in the page's language.
  const labels = button && button.getAttribute('data-labels').split('|');
  const moneyFormat = script.getAttribute('data-money-format') || '${{amount}}';

  // Cents in the page's money format: `{{amount}}` → 1,234.50, `{{amount_with_comma_separator}}` → 1.234,50.
  const money = (cents) =>
    moneyFormat.replace(/\{\{\s*(\w+)\s*\}\}/, (_placeholder, name) => {
      const [units, decimals] = (cents / 100).toFixed(2).split('.');
      const comma = name === 'amount_with_comma_separator';
      return units.replace(/\B(?=(\d{3})+(?!\d))/g, comma ? '.' : ',') + (comma ? ',' : '.') + decimals;
    });

  // The variant whose options are the selected values (undefined when there is none).
  const selectedVariant = () => {
    const values = Array.from(document.querySelectorAll('#variant-selects-' + sectionId + ' select'), (select) => select.value);
    return product.variants.find((variant) => values.every((value, index) => variant.options[index] === value));
  };

  const showPrice = (variant) => {
    const priceBox = document.getElementById('price-' + sectionId);
    if (!priceBox) return;
    const onSale = variant.compare_at_price > variant.price;
    priceBox.querySelector('.price').className =
      'price price--large' + (onSale ? ' price--on-sale' : '') + (variant.available ? '' : ' price--sold-out');
    // The regular price, and the struck-through compare-at price (an <s>) of the sale half.
    priceBox.querySelectorAll('.price-item--regular').forEach((item) => {
      item.textContent = item.tagName === 'S' ? (onSale ? money(variant.compare_at_price) : '') : money(variant.price);
    });
    priceBox.querySelector('.price-item--sale').textContent = money(variant.price);
  };

  const onVariantChange = () => {
    const variant = selectedVariant();
    if (!variant || !form) return;
    form.querySelector('input[name=id]').value = variant.id;
    showPrice(variant);
    button.disabled = !variant.available;
    const preorder = variant.inventory_policy === 'continue' && variant.inventory_quantity <= 0;
    button.firstChild.textContent = variant.available ? (preorder ? labels[2] : labels[0]) : labels[1];
    if (history.replaceState) history.replaceState({}, '', location.pathname + '?variant=' + variant.id);
    document.dispatchEvent(new CustomEvent('variant:change', { detail: { variant } }));
  };

  // The header's cart count, as Dawn renders it (created on the first add).
  const showCartCount = (cart) => {
    const cartLink = document.getElementById('cart-icon-bubble');
    let bubble = cartLink.querySelector('.cart-count-bubble');
    if (!bubble) {
      bubble = document.createElement('div');
      bubble.className = 'cart-count-bubble';
      cartLink.appendChild(bubble);
    }
    bubble.innerHTML =
      '<span aria-hidden="true">' + cart.item_count + '</span><span class="visually-hidden">' + cart.item_count + ' items</span>';
  };

  const addToCart = (event) => {
    event.preventDefault();
    if (errorBox) errorBox.hidden = true;
    button.setAttribute('aria-busy', 'true');
    const quantityInput = document.getElementById('Quantity-' + sectionId) || { value: 1 };
    const item = { id: +form.querySelector('input[name=id]').value, quantity: +quantityInput.value || 1 };
    fetch(root + 'cart/add.js', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ items: [item] }),
    })
      .then((response) =>
        response
          .json()
          .then((answer) => {
            // A 4xx answer is the platform's `{status, message, description}`: shown below.
            if (!response.ok) throw answer;
            return fetch(root + 'cart.js', { headers: { Accept: 'application/json' } });
          })
          .then((cartResponse) => cartResponse.json())
          .then((cart) => {
            showCartCount(cart);
            document.dispatchEvent(new CustomEvent('cart:updated', { detail: { cart } }));
          }),
      )
      .catch((err) => {
        if (errorBox) {
          errorBox.hidden = false;
          errorBox.textContent = (err && (err.description || err.message)) || 'Error';
        }
      })
      .then(() => button.removeAttribute('aria-busy'));
  };

  const variantSelects = document.getElementById('variant-selects-' + sectionId);
  if (variantSelects) variantSelects.addEventListener('change', onVariantChange);
  if (form) form.addEventListener('submit', addToCart);
})();
