// The platform's feature loader, as storefronts have it (`Shopify.loadFeatures`, which the
// platform's header scripts define on every page): apps ask it for a feature and are called back
// once the feature is there. The demo has one feature, the customer privacy API
// (`consent-tracking-api`), which sets `Shopify.customerPrivacy`. The demo shop asks for no
// consent (no banner, no regulation), so the API allows everything until the visitor's consent
// cookie (`_tracking_consent`) says no; `setTrackingConsent` writes that cookie and announces it
// with `visitorConsentCollected`, as the platform's banner does. A page that already has the API
// (a test standing in for a regulated region) keeps its own.
//
// Inlined in the page's head (server/shop/layout.ts) as it is read once at start: the `//`
// comment lines and the indentation are dropped, so comments stay on lines of their own.
(() => {
  const shopify = (window.Shopify = window.Shopify || {});
  const COOKIE = '_tracking_consent';
  // 'yes', 'no' or 'no_interaction', from the cookie (version 2 `con.CMP.a`, version 1 `con.GDPR`).
  const consent = () => {
    const match = document.cookie.match(/(?:^|;\s*)_tracking_consent=([^;]*)/);
    try {
      const con = match ? JSON.parse(decodeURIComponent(match[1])).con || {} : {};
      const value = String((con.CMP && con.CMP.a) || con.GDPR || '');
      return value === '1' ? 'yes' : value === '0' ? 'no' : 'no_interaction';
    } catch {
      return 'no_interaction';
    }
  };
  const allowed = () => consent() !== 'no';
  const privacyApi = () => ({
    getTrackingConsent: consent,
    currentVisitorConsent: () => ({ analytics: allowed() ? 'yes' : 'no', marketing: allowed() ? 'yes' : 'no' }),
    getRegulation: () => '',
    isRegulationEnforced: () => false,
    shouldShowBanner: () => false,
    shouldShowGDPRBanner: () => false,
    userCanBeTracked: allowed,
    analyticsProcessingAllowed: allowed,
    marketingAllowed: allowed,
    preferencesProcessingAllowed: allowed,
    saleOfDataAllowed: allowed,
    setTrackingConsent(value, done) {
      const yes = !!(value && (value.analytics === true || value === true));
      const cookie = JSON.stringify({
        v: '2.1',
        con: { CMP: { a: yes ? '1' : '0', m: yes ? '1' : '0', p: yes ? '1' : '0', s: yes ? '1' : '0' } },
        reg: '',
      });
      document.cookie = COOKIE + '=' + encodeURIComponent(cookie) + '; path=/; max-age=31536000; samesite=lax';
      document.dispatchEvent(new CustomEvent('visitorConsentCollected', { detail: { analyticsAllowed: yes, marketingAllowed: yes } }));
      if (typeof done === 'function') done();
    },
  });
  const features = { 'consent-tracking-api': () => (shopify.customerPrivacy = shopify.customerPrivacy || privacyApi()) };
  // Features arrive after a task, as the platform's script loads them; unknown ones call back with an error.
  shopify.loadFeatures = (requested, callback) => {
    setTimeout(() => {
      let error = null;
      for (const feature of requested || []) {
        const install = features[feature && feature.name];
        if (install) install();
        else error = new Error('Unknown feature: ' + (feature && feature.name));
      }
      if (typeof callback === 'function') callback(error);
    });
  };
})();
