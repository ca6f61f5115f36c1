import type * as Radix from '@radix-ui/react-dropdown-menu';
import { type ComponentProps, createContext, type KeyboardEvent, type PointerEvent, type Ref, type RefObject, use, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../lib/when-idle.ts';
import type { MenuCheckboxItemProps, MenuContentProps, MenuItemProps } from './menu-kit.tsx';

// The parts' props live with the parts (menu-kit.tsx, loaded lazily): no import loop (issue #19 item 4).
export type { MenuCheckboxItemProps, MenuContentProps, MenuItemProps } from './menu-kit.tsx';

/**
 * Dropdown menus (Radix DropdownMenu), with the anatomy of Radix's own parts: `Menu` (the
 * root), `MenuTrigger`, `MenuContent` and its items. Radix and its positioning (about 30 KB
 * gzip) are loaded when the browser is next idle after a menu is first shown, not with the
 * page (issue #11 item 2). Until then the trigger is a plain button with the same props,
 * and pressing it (pointer, Enter, Space, ArrowDown: what opens a Radix menu) opens the
 * menu as soon as its parts are there.
 */
type Kit = typeof import('./menu-kit.tsx');

let kit: Kit | null = null;
let loading: Promise<Kit> | null = null;

/** Loads the menu's Radix parts once; later calls share the first promise. */
function loadMenuKit(): Promise<Kit> {
  loading ??= import('./menu-kit.tsx').then((m) => (kit = m));
  return loading;
}

interface MenuState {
  kit: Kit | null;
  /** The placeholder trigger was pressed: open once the parts are loaded. */
  requestOpen(): void;
  /** Whether the placeholder trigger had focus when it was last taken off (Radix's trigger then takes it). */
  focusedRef: RefObject<boolean>;
}
const MenuContext = createContext<MenuState | null>(null);

function useMenu(part: string): MenuState {
  const state = use(MenuContext);
  if (!state) throw new Error(`${part} must be inside a <Menu>`);
  return state;
}
/** The loaded parts, for what renders only inside an open menu's content. */
function useKit(part: string): Kit {
  const loaded = useMenu(part).kit;
  if (!loaded) throw new Error(`${part} rendered before the menu was loaded`);
  return loaded;
}

export type MenuProps = Radix.DropdownMenuProps;

/** A dropdown menu's root: Radix's `DropdownMenu.Root` once loaded; same props. */
export function Menu({ children, ...props }: MenuProps) {
  const [loaded, setLoaded] = useState(kit);
  const [wanted, setWanted] = useState(false);
  const focusedRef = useRef(false);
  const { open, onOpenChange } = props;

  useEffect(() => {
    if (loaded) return;
    let live = true;
    const ready = () => void loadMenuKit().then((k) => live && setLoaded(k));
    // A controlled menu opened by its owner, or a pressed trigger: load now.
    const cancel = open || wanted ? (ready(), undefined) : whenIdle(ready);
    return () => {
      live = false;
      cancel?.();
    };
  }, [loaded, open, wanted]);

  const requestOpen = () => {
    setWanted(true);
    onOpenChange?.(true);
  };
  const state: MenuState = { kit: loaded, requestOpen, focusedRef };
  if (!loaded) return <MenuContext value={state}>{children}</MenuContext>;
  // The menu opens with the parts when the placeholder was pressed (uncontrolled menus).
  const root = open === undefined && wanted ? { defaultOpen: true, ...props } : props;
  return (
    <MenuContext value={state}>
      <loaded.Root {...root}>{children}</loaded.Root>
    </MenuContext>
  );
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export type MenuTriggerProps = ComponentProps<'button'>;

/** Sets `ref` (a callback or an object, as React allows) to `el`. */
function setRef<T>(ref: Ref<T> | undefined, el: T | null) {
  if (typeof ref === 'function') ref(el);
  else if (ref) ref.current = el;
}

/**
 * The button that opens the menu (Radix's `DropdownMenu.Trigger` once loaded). When Radix's
 * trigger replaces the placeholder while it has focus, the new button takes the focus.
 */
export function MenuTrigger({ ref, ...props }: MenuTriggerProps) {
  const { kit: loaded, requestOpen, focusedRef } = useMenu('MenuTrigger');
  if (loaded) {
    const takeFocus = (el: HTMLButtonElement | null) => {
      if (el && focusedRef.current) el.focus();
      focusedRef.current = false;
      setRef(ref, el);
    };
    return <loaded.Trigger ref={takeFocus} {...props} />;
  }
  const press = (e: PointerEvent<HTMLButtonElement> | KeyboardEvent<HTMLButtonElement>) => {
    e.preventDefault();
    requestOpen();
  };
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...props}
      ref={(el) => {
        setRef(ref, el);
        // Runs as Radix's trigger replaces this one, before it leaves the page.
        return () => {
          focusedRef.current = el !== null && document.activeElement === el;
          setRef(ref, null);
        };
      }}
      onPointerDown={(e) => {
        props.onPointerDown?.(e);
        if (!e.defaultPrevented && !props.disabled && e.button === 0 && !e.ctrlKey) press(e);
      }}
      onKeyDown={(e) => {
        props.onKeyDown?.(e);
        if (!e.defaultPrevented && !props.disabled && OPEN_KEYS.has(e.key)) press(e);
      }}
    />
  );
}

/** A dropdown menu's panel, in a portal. Size it (min-width) with `className`. */
export function MenuContent(props: MenuContentProps) {
  const loaded = useMenu('MenuContent').kit;
  return loaded ? <loaded.Content {...props} /> : null;
}

/** A menu item; its height and padding come with `className`. */
export function MenuItem(props: MenuItemProps) {
  const { Item } = useKit('MenuItem');
  return <Item {...props} />;
}

/** A checkbox menu item: the box, then the text; it stays open when toggled. */
export function MenuCheckboxItem(props: MenuCheckboxItemProps) {
  const { CheckboxItem } = useKit('MenuCheckboxItem');
  return <CheckboxItem {...props} />;
}

/** A heading inside the menu's panel (not an item). */
export function MenuLabel(props: Radix.DropdownMenuLabelProps) {
  const { Label } = useKit('MenuLabel');
  return <Label {...props} />;
}

export function MenuSeparator() {
  const { Separator } = useKit('MenuSeparator');
  return <Separator />;
}
