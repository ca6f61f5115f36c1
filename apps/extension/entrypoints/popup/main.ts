import type { Answer } from '@sauce/contract/endpoints';
import { LIMITS } from '@sauce/contract/limits';
import { SauceApiError, sauceCall } from '../../src/api.ts';
import { ask, type Saved, type State, type TrayImage } from '../../src/messages.ts';
import { loadSettings, normalizeServer } from '../../src/settings.ts';
import { addTag, clampCounted, normalizeTag } from '../../src/tags.ts';

/**
 * The toolbar popup (issue #20): connect to a Sauce server, then save the current page —
 * title, link, the selected text as the note, tags (suggested from the space's tags, SPEC §5
 * rules), space and folders — with images gathered from the page (context menu, screenshot,
 * a region). Korean or English by the browser's language (the extension's _locales).
 */

const getMessage = browser.i18n.getMessage as (key: string, substitutions?: string[]) => string;
const t = (key: string, ...subs: string[]) => getMessage(key, subs) || key;

type Attrs = Record<string, string | number | boolean | EventListener | undefined>;

/** A DOM element with attributes (`on…` are listeners) and children. */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string | null | false)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) if (c !== null && c !== false) el.append(c);
  return el;
}

const app = document.getElementById('app')!;
const render = (...nodes: Node[]) => app.replaceChildren(...nodes);

/** The tab the popup acts on: `?tab=<id>` (the popup opened in a window of its own), else the active tab. */
async function targetTab() {
  const id = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(id) && id > 0) return browser.tabs.get(id);
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab;
}

/** The selection on the page (the note), or '' when the page cannot be read. */
async function selectionOf(tabId: number): Promise<string> {
  try {
    const [r] = await browser.scripting.executeScript({ target: { tabId }, func: () => getSelection()?.toString() ?? '' });
    return typeof r?.result === 'string' ? r.result : '';
  } catch {
    return '';
  }
}

function errorText(e: unknown): string {
  if (e instanceof SauceApiError || (e as { code?: string }).code) return (e as Error).message;
  return String(e);
}

// ---------------------------------------------------------------------------------------
// Connect
// ---------------------------------------------------------------------------------------

function connectView(state: State) {
  if (state.pendingCode) {
    const refresh = setInterval(async () => {
      const next = await ask<State>({ type: 'state' });
      if (next.connected || !next.pendingCode) {
        clearInterval(refresh);
        void start();
      }
    }, 1000);
    return render(
      h('h1', { class: 'brand' }, 'Sauce'),
      h('p', {}, t('waiting')),
      h('p', { class: 'code', 'data-testid': 'connect-code' }, state.pendingCode),
      h('button', { type: 'button', class: 'secondary', onclick: async () => connectView(await ask<State>({ type: 'cancelConnect' })) }, t('cancel')),
    );
  }
  const server = h('input', { id: 'server', type: 'url', value: state.server, required: true, autocomplete: 'url' });
  const error = h('p', { class: 'error', role: 'alert' });
  const form = h(
    'form',
    {
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const origin = normalizeServer(server.value);
        if (!origin) {
          error.textContent = t('serverHint');
          return;
        }
        connectView(await ask<State>({ type: 'connect', server: origin }));
      },
    },
    h('label', { for: 'server' }, t('serverLabel')),
    server,
    h('p', { class: 'hint' }, t('serverHint')),
    error,
    h('button', { type: 'submit', class: 'primary' }, t('connect')),
  );
  render(h('h1', { class: 'brand' }, 'Sauce'), h('p', {}, t('connectIntro')), form);
}

// ---------------------------------------------------------------------------------------
// Save
// ---------------------------------------------------------------------------------------

/** A space of GET /workspace, as the popup offers it. */
type Space = Answer<'GET /workspace'>[number];

async function saveView(state: State) {
  const s = await loadSettings();
  const token = s.token!;
  const tab = await targetTab();
  if (!tab?.id || !tab.url || !/^https?:/.test(tab.url)) {
    return render(header(state), h('p', { class: 'hint' }, t('notAllowed')));
  }
  const tabId = tab.id;
  const windowId = tab.windowId;

  let spaces: Space[];
  try {
    spaces = (await sauceCall(s.server, token, 'GET /workspace')).filter((w) => w.abilities?.createSauce !== false);
  } catch (e) {
    if (e instanceof SauceApiError && e.status === 401) {
      await ask<State>({ type: 'disconnect' });
      return render(header(state), h('p', { class: 'error' }, t('unauthorized')), h('button', { type: 'button', class: 'primary', onclick: () => void start() }, t('connect')));
    }
    return render(header(state), h('p', { class: 'error' }, errorText(e)));
  }
  if (spaces.length === 0) return render(header(state), h('p', { class: 'hint' }, t('noSpaces')));

  let tray = await ask<TrayImage[]>({ type: 'tray', tabId });
  let tags: string[] = [];
  let folderIds: number[] = [];
  const note = await selectionOf(tabId);

  // A person's own space is 'My space' in their language, as in the web app.
  const spaceName = (w: Space) => (w.isPersonal && w.permission === 'OWNER' ? t('mySpace') : w.name);
  const space = h('select', { id: 'space' }, ...spaces.map((w) => h('option', { value: w.id }, spaceName(w))));
  if (s.lastSpace && spaces.some((w) => w.id === s.lastSpace)) space.value = String(s.lastSpace);
  const title = h('input', { id: 'title', type: 'text', value: '' });
  title.value = clampCounted(tab.title ?? '', LIMITS.textTitleLength);
  const text = h('textarea', { id: 'note', rows: 3, placeholder: t('notePlaceholder') });
  text.value = clampCounted(note, LIMITS.textLength);
  const folderBox = h('fieldset', { class: 'folders' }, h('legend', {}, t('folders')));
  const tagList = h('ul', { class: 'chips', 'aria-label': t('chosenTags') });
  const tagInput = h('input', { id: 'tags', type: 'text', placeholder: t('tagsPlaceholder'), autocomplete: 'off', list: 'tag-suggestions', maxlength: LIMITS.tagLength });
  const suggestions = h('datalist', { id: 'tag-suggestions' });
  const tagError = h('p', { class: 'hint', role: 'status' });
  const trayBox = h('div', { class: 'tray' });
  const status = h('p', { class: 'status', role: 'status' });
  const saveButton = h('button', { type: 'submit', class: 'primary' }, t('save'));

  const loadFolders = async () => {
    folderIds = [];
    const folders = await sauceCall(s.server, token, 'GET /archive/folder/:workspace/list', { params: { workspace: space.value }, query: { ordering: 'order' } }).catch(() => ({ results: [] }));
    folderBox.replaceChildren(
      h('legend', {}, t('folders')),
      ...folders.results.map((f) =>
        h(
          'label',
          { class: 'check' },
          h('input', {
            type: 'checkbox',
            value: f.id,
            onchange: (e: Event) => {
              const box = e.target as HTMLInputElement;
              folderIds = box.checked ? [...folderIds, f.id] : folderIds.filter((id) => id !== f.id);
            },
          }),
          f.name,
        ),
      ),
    );
    if (folders.results.length === 0) folderBox.append(h('p', { class: 'hint' }, t('allFolders')));
  };
  const renderTags = () =>
    tagList.replaceChildren(
      ...tags.map((tag) =>
        h('li', {}, `#${tag}`, h('button', { type: 'button', class: 'chip-x', 'aria-label': `${t('removeImage')} ${tag}`, onclick: () => ((tags = tags.filter((x) => x !== tag)), renderTags()) }, '×')),
      ),
    );
  const commitTag = () => {
    if (!tagInput.value.trim()) return;
    const tag = normalizeTag(tagInput.value);
    if (!tag) {
      tagError.textContent = t('tagRule');
      return;
    }
    if (tags.length >= LIMITS.tagsPerSauce) {
      tagError.textContent = t('tagLimit');
      return;
    }
    tags = addTag(tags, tag);
    tagInput.value = '';
    tagError.textContent = tags.length >= LIMITS.tagsPerSauce ? t('tagLimit') : '';
    renderTags();
  };
  tagInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.isComposing) {
      e.preventDefault();
      commitTag();
    }
  });
  tagInput.addEventListener('input', async () => {
    const typed = tagInput.value.trim().toLowerCase();
    const names = await sauceCall(s.server, token, 'GET /archive/sauce/:workspace/tags', { params: { workspace: space.value }, query: { search: typed } }).catch(() => []);
    suggestions.replaceChildren(...names.filter((n) => !tags.includes(n)).map((n) => h('option', { value: n })));
  });
  const renderTray = () => {
    trayBox.replaceChildren(
      ...tray.map((img, i) =>
        h(
          'figure',
          { class: 'thumb' },
          h('img', { src: img.dataUrl, alt: `${t('images')} ${i + 1}` }),
          h('button', { type: 'button', class: 'chip-x', 'aria-label': `${t('removeImage')} ${i + 1}`, onclick: async () => ((tray = await ask<TrayImage[]>({ type: 'trayRemove', tabId, id: img.id })), renderTray()) }, '×'),
        ),
      ),
    );
    if (tray.length === 0) trayBox.append(h('p', { class: 'hint' }, t('imagesHint')));
    // An image source's title is at most 60 characters (SPEC §5).
    title.value = clampCounted(title.value, tray.length ? LIMITS.imageTitleLength : LIMITS.textTitleLength);
  };
  const addImage = async (type: 'addVisible' | 'addRegion') => {
    try {
      const asked = ask<TrayImage[]>({ type, tabId, windowId });
      // The person drags on the page: the popup steps aside (the background waits for the region).
      if (type === 'addRegion') setTimeout(() => window.close(), 50);
      tray = await asked;
      renderTray();
    } catch (e) {
      status.textContent = errorText(e);
    }
  };
  // Images added meanwhile (a region picked, the context menu) show up at once.
  browser.storage.onChanged.addListener((changes, area) => {
    const change = changes[`tray:${tabId}`];
    if (area !== 'local' || !change) return;
    tray = (change.newValue as TrayImage[] | undefined) ?? [];
    renderTray();
  });
  space.addEventListener('change', () => void loadFolders());
  await loadFolders();
  renderTags();
  renderTray();

  const form = h(
    'form',
    {
      onsubmit: async (e: Event) => {
        e.preventDefault();
        commitTag();
        saveButton.setAttribute('disabled', '');
        saveButton.textContent = t('saving');
        status.textContent = '';
        try {
          const saved = await ask<Saved>({
            type: 'save',
            tabId,
            windowId,
            fields: { workspace: Number(space.value), title: title.value.trim(), link: tab.url!, text: text.value, tagSet: tags, folderSet: folderIds },
          });
          savedView(state, saved);
        } catch (err) {
          status.textContent = t('failed', errorText(err));
          saveButton.removeAttribute('disabled');
          saveButton.textContent = t('save');
          if ((err as { code?: string }).code === 'UNAUTHENTICATED') void start();
        }
      },
    },
    h('label', { for: 'space' }, t('space')),
    space,
    folderBox,
    h('label', { for: 'title' }, t('title')),
    title,
    h('p', { class: 'link', title: tab.url }, h('span', { class: 'label' }, `${t('link')} `), tab.url),
    h('label', { for: 'note' }, t('note')),
    text,
    h('label', { for: 'tags' }, t('tags')),
    tagList,
    tagInput,
    suggestions,
    tagError,
    h('div', { class: 'row' }, h('span', { class: 'label' }, t('images')), h('button', { type: 'button', class: 'secondary', onclick: () => void addImage('addVisible') }, t('addVisible')), h('button', { type: 'button', class: 'secondary', onclick: () => void addImage('addRegion') }, t('addRegion'))),
    trayBox,
    h('p', { class: 'hint' }, t('snapshotNote')),
    status,
    saveButton,
  );
  render(header(state), form);
}

function header(state: State) {
  let host = state.server;
  try {
    host = new URL(state.server).host;
  } catch {
    // shown as typed
  }
  return h(
    'header',
    { class: 'top' },
    h('div', {}, h('strong', { class: 'brand' }, 'Sauce'), h('p', { class: 'hint' }, `${t('connectedAs', state.nickname ?? '')} · ${host}`)),
    h('button', { type: 'button', class: 'ghost', onclick: async () => connectView(await ask<State>({ type: 'disconnect' })) }, t('disconnect')),
  );
}

function savedView(state: State, saved: Saved) {
  render(
    header(state),
    h('p', { class: 'saved', role: 'status' }, t(saved.type === 'TEXT' ? 'savedText' : 'savedImage')),
    h('a', { href: saved.url, target: '_blank', rel: 'noopener', class: 'button primary' }, t('open')),
    h('button', { type: 'button', class: 'secondary', onclick: () => window.close() }, t('saveAnother')),
  );
}

async function start() {
  document.documentElement.lang = browser.i18n.getUILanguage().startsWith('ko') ? 'ko' : 'en';
  const state = await ask<State>({ type: 'state' });
  if (state.connected) await saveView(state);
  else connectView(state);
}

void start();
