import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import styles from './app-guide-dialog.module.css';

export type AppGuideType = 'APPLE' | 'ANDROID';

/** The hosts of each store's app pages. */
const STORE_HOSTS: Record<AppGuideType, readonly string[]> = {
  APPLE: ['apps.apple.com', 'itunes.apple.com'],
  ANDROID: ['play.google.com'],
};

/** Whether `url` is a page of `type`'s store (else it is another page: the project's own by default). */
export function isStorePage(type: AppGuideType, url: string): boolean {
  try {
    return STORE_HOSTS[type].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * AppGuide (SPEC §2 Dialogs): a QR code of the store link (made by the `qrcode` library)
 * and a line telling the person to get the app from the App Store (APPLE) or Google Play
 * (ANDROID), with the link itself for those already on their phone. A link that is no store
 * page (the project's own page, the default: issue #31 item 25) is named as the app's page,
 * never as a store.
 */
export function AppGuideDialog({ type, url, onClose }: { type: AppGuideType; url: string; onClose(): void }) {
  const { t } = useTranslation('shell');
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 200, errorCorrectionLevel: 'M' })
      .then((data) => live && setQr(data))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [url]);
  const inStore = isStorePage(type, url);
  const store = type === 'APPLE' ? t('appGuide.appStore') : t('appGuide.googlePlay');
  const platform = type === 'APPLE' ? t('appGuide.ios') : t('appGuide.android');
  const text = (key: 'title' | 'description' | 'qrAlt' | 'open') => (inStore ? t(`appGuide.${key}`, { store }) : t(`appGuide.page.${key}`, { platform }));
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={text('title')} description={text('description')} width={360}>
      <div className={styles.body}>
        <div className={styles.qr}>{qr ? <img src={qr} width={200} height={200} alt={text('qrAlt')} /> : <span className={styles.qrSkeleton} aria-hidden />}</div>
        <a href={url} target="_blank" rel="noopener noreferrer" className={styles.link}>
          {text('open')}
          <span className="visually-hidden">{t('sidebar.opensNewTab')}</span>
        </a>
      </div>
    </Dialog>
  );
}
