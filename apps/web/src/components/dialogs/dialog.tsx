import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** SPEC §2: Escape and outside clicks close unless prevented; no close button then. */
  preventClose?: boolean;
  /** px; e.g. 336 for AddArticle (SPEC §9). */
  width?: number;
}

/**
 * The app's modal (Radix Dialog): focus trapped and returned, title announced, closes on
 * Escape or an outside click unless `preventClose` (SPEC §2 Dialogs, DESIGN.md).
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, preventClose, width }: DialogProps) {
  const { t } = useTranslation();
  const block = (e: Event) => preventClose && e.preventDefault();
  return (
    <RadixDialog.Root open={open} onOpenChange={(o) => (preventClose && !o ? undefined : onOpenChange(o))}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          style={width ? ({ '--dialog-width': `${width}px` } as CSSProperties) : undefined}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          aria-describedby={description ? undefined : undefined}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
          {!preventClose && (
            <RadixDialog.Close asChild>
              <Button variant="ghost" size="icon" className={styles.close} aria-label={t('close')}>
                <X size={18} strokeWidth={1.75} />
              </Button>
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
