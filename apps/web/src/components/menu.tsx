import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check, type LucideIcon } from 'lucide-react';
import styles from './menu.module.css';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export interface MenuContentProps extends Menu.DropdownMenuContentProps {
  /** 'popover' lifts the menu above modals (SPEC §9 z-index); default 'menu'. */
  layer?: 'menu' | 'popover';
}

/** A dropdown menu's panel, in a portal. Size it (min-width) with `className`. */
export function MenuContent({ layer = 'menu', className, ...props }: MenuContentProps) {
  return (
    <Menu.Portal>
      <Menu.Content className={cx(styles.content, layer === 'popover' && styles.popover, className)} {...props} />
    </Menu.Portal>
  );
}

export interface MenuItemProps extends Menu.DropdownMenuItemProps {
  /** A 16px icon before the text. */
  icon?: LucideIcon;
  /** Destructive actions are red (DESIGN.md: red only for danger). */
  danger?: boolean;
}

/** A menu item; its height and padding come with `className`. */
export function MenuItem({ icon: Icon, danger, className, children, ...props }: MenuItemProps) {
  return (
    <Menu.Item className={cx(styles.item, danger && styles.danger, className)} {...props}>
      {Icon && <Icon size={16} strokeWidth={1.75} aria-hidden />}
      {children}
    </Menu.Item>
  );
}

export interface MenuCheckboxItemProps extends Menu.DropdownMenuCheckboxItemProps {
  /** The class of the check box drawn before the text (a check mark when checked). */
  boxClassName?: string;
}

/** A checkbox menu item: the box, then the text; it stays open when toggled. */
export function MenuCheckboxItem({ boxClassName, className, children, ...props }: MenuCheckboxItemProps) {
  return (
    <Menu.CheckboxItem className={cx(styles.item, className)} onSelect={(e) => e.preventDefault()} {...props}>
      <span className={boxClassName} aria-hidden>
        <Menu.ItemIndicator>
          <Check size={12} strokeWidth={2.5} />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.CheckboxItem>
  );
}

export function MenuSeparator() {
  return <Menu.Separator className={styles.separator} />;
}
