import { Palette, Pipette, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../../components/menu.tsx';
import { COLOUR_PRESETS, presetOf } from '../lib/colour-presets.ts';
import styles from './colour-filter.module.css';
// The toolbar's filter buttons look alike.
import filter from './sauce-type-filter.module.css';
import { useFindingTexts } from '../i18n/index.ts';

export interface ColourFilterProps {
  /** The colour chosen, `#rrggbb`, or undefined. */
  value: string | undefined;
  onChange: (hex: string) => void;
}

/**
 * Issue #21 item 4: the dashboard's colour choice — a menu of preset swatches (arrow keys
 * move, Enter picks) and 'Custom colour…', which opens the browser's colour picker. The
 * list then shows the sources whose images hold a colour close to it.
 */
export function ColourFilter({ value, onChange }: ColourFilterProps) {
  const { t } = useFindingTexts();
  const picker = useRef<HTMLInputElement>(null);
  // The picker's value is taken once it is chosen ('change'), not at every move of a drag ('input').
  useEffect(() => {
    const input = picker.current;
    if (!input) return;
    const changed = () => onChange(input.value.toLowerCase());
    input.addEventListener('change', changed);
    return () => input.removeEventListener('change', changed);
  }, [onChange]);
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = value ?? '#3f7fc4';
    // After the menu has closed and given focus back; the click's activation still holds.
    requestAnimationFrame(() => {
      try {
        input.showPicker();
      } catch {
        input.click();
      }
    });
  };
  const name = value ? (presetOf(value) ? t(`colour.${presetOf(value)}`) : value) : undefined;
  return (
    <>
      <Menu modal={false}>
        <MenuTrigger
          className={`${filter.filterButton} ${value ? filter.filterActive : ''}`}
          aria-label={value ? t('colour.buttonActive', { name }) : t('colour.button')}
        >
          {value ? <span className={styles.dot} style={{ background: value }} aria-hidden /> : <Palette size={16} strokeWidth={1.75} aria-hidden />}
          <span className={filter.filterLabel}>{t('colour.button')}</span>
        </MenuTrigger>
        <MenuContent className={styles.menu} align="end" sideOffset={8} collisionPadding={12}>
          <MenuLabel className={styles.label}>{t('colour.title')}</MenuLabel>
          <div className={styles.grid} role="group" aria-label={t('colour.presets')}>
            {COLOUR_PRESETS.map((p) => (
              <MenuItem
                key={p.name}
                className={styles.preset}
                role="menuitemradio"
                aria-checked={value === p.hex}
                aria-label={t(`colour.${p.name}`)}
                title={t(`colour.${p.name}`)}
                onSelect={() => onChange(p.hex)}
              >
                <span className={styles.swatch} style={{ background: p.hex }} aria-hidden />
              </MenuItem>
            ))}
          </div>
          <MenuSeparator />
          <MenuItem className={styles.item} icon={Pipette} onSelect={openPicker}>
            {t('colour.custom')}
          </MenuItem>
        </MenuContent>
      </Menu>
      <input ref={picker} type="color" className={styles.picker} tabIndex={-1} aria-hidden defaultValue="#3f7fc4" />
    </>
  );
}

/** The chosen colour as a removable chip beside the tag chips (a `li` of a ChipList). */
export function ColourChip({ value, onRemove }: { value: string; onRemove: () => void }) {
  const { t } = useFindingTexts();
  const preset = presetOf(value);
  return (
    <li className={styles.chip}>
      <span className={styles.dot} style={{ background: value }} aria-hidden />
      {preset ? t(`colour.${preset}`) : value}
      <button type="button" className={styles.remove} onClick={onRemove} aria-label={t('colour.remove', { name: preset ? t(`colour.${preset}`) : value })}>
        <X size={12} strokeWidth={1.75} aria-hidden />
      </button>
    </li>
  );
}
