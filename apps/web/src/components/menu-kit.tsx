// The dropdown menu's Radix parts, loaded by components/menu.tsx when a menu is first wanted
// (issue #11 item 2: Radix menus and their positioning are no part of a page's first load).
// Import the parts from components/menu.tsx, never from here.
import * as Radix from '@radix-ui/react-dropdown-menu';
import { Check, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './menu.module.css';

export interface MenuContentProps extends Radix.DropdownMenuContentProps {
  /** 'popover' lifts the menu above modals (SPEC §9 z-index); default 'menu'. */
  layer?: 'menu' | 'popover';
  children?: ReactNode;
}

export interface MenuItemProps extends Radix.DropdownMenuItemProps {
  /** A 16px icon before the text. */
  icon?: LucideIcon;
  /** Destructive actions are red (DESIGN.md: red only for danger). */
  danger?: boolean;
}

export interface MenuCheckboxItemProps extends Radix.DropdownMenuCheckboxItemProps {
  /** The class of the check box drawn before the text (a check mark when checked). */
  boxClassName?: string;
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export const Root = Radix.Root;
export const Trigger = Radix.Trigger;
export const Label = Radix.Label;

export function Content({ layer = 'menu', className, ...props }: MenuContentProps) {
  return (
    <Radix.Portal>
      <Radix.Content className={cx(styles.content, layer === 'popover' && styles.popover, className)} {...props} />
    </Radix.Portal>
  );
}

export function Item({ icon: Icon, danger, className, children, ...props }: MenuItemProps) {
  return (
    <Radix.Item className={cx(styles.item, danger && styles.danger, className)} {...props}>
      {Icon && <Icon size={16} strokeWidth={1.75} aria-hidden />}
      {children}
    </Radix.Item>
  );
}

export function CheckboxItem({ boxClassName, className, children, ...props }: MenuCheckboxItemProps) {
  return (
    <Radix.CheckboxItem className={cx(styles.item, className)} onSelect={(e) => e.preventDefault()} {...props}>
      <span className={boxClassName} aria-hidden>
        <Radix.ItemIndicator>
          <Check size={12} strokeWidth={2.5} />
        </Radix.ItemIndicator>
      </span>
      {children}
    </Radix.CheckboxItem>
  );
}

export function Separator() {
  return <Radix.Separator className={styles.separator} />;
}
