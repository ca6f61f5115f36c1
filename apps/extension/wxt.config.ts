import { defineConfig } from 'wxt';

/**
 * The Sauce browser extension (issue #20), built by WXT from one source for Chrome and
 * Edge (Manifest V3) and Firefox (Manifest V3): `npm run build:extension` writes
 * `dist/chrome`, `dist/firefox` and their store zips in `dist/`.
 *
 * Permissions, each for one thing:
 * - activeTab, and host access to pages (`<all_urls>`): reading the page the person saves —
 *   its address, title, selection, snapshot and screenshot — and the style sheets, fonts and
 *   images it shows from other origins, with the person's own access (behind a login); a
 *   region picked after the popup closed. Nothing is read from a page until the person saves;
 * - scripting: running the snapshotter, the region picker and the image reader in that page,
 *   and the connect bridge in the one tab the extension opens for connecting (issue #28 item 5:
 *   the page hands it the grant's one-time code; no `externally_connectable`, which Firefox
 *   lacks and which could not name a self-hosted server's origin);
 * - contextMenus: 'Save image to Sauce';
 * - storage, unlimitedStorage: the server, the token and the images waiting to be saved.
 * The Sauce server is called with a bearer token from the extension's own origin; the server
 * answers CORS for it without credentials (no cookie of the site is ever sent).
 */
export default defineConfig({
  outDir: 'dist',
  outDirTemplate: '{{browser}}',
  zip: {
    artifactTemplate: 'sauce-extension-{{version}}-{{browser}}.zip',
    zipSources: false,
  },
  hooks: {
    // The toolbar button's tooltip in the browser's language (WXT takes the popup's <title> otherwise).
    'build:manifestGenerated': (_wxt, manifest) => {
      if (manifest.action) manifest.action.default_title = '__MSG_actionTitle__';
    },
  },
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['activeTab', 'scripting', 'contextMenus', 'storage', 'unlimitedStorage'],
    host_permissions: ['<all_urls>'],
    action: { default_title: '__MSG_actionTitle__' },
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+S', mac: 'Alt+Shift+S' },
        description: '__MSG_commandOpen__',
      },
    },
    icons: { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'extension@sauce.app',
              strict_min_version: '115.0',
              // What a save sends to the person's own Sauce server: the page's content and address.
              data_collection_permissions: { required: ['websiteContent', 'browsingActivity'] },
            },
          },
        }
      : {}),
  }),
});
