import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialogs/dialog.tsx';
import styles from './app-guide-dialog.module.css';

export type AppGuideType = 'APPLE' | 'ANDROID';

/**
 * AppGuide (SPEC §2 Dialogs): a QR code of the store link (made by the `qrcode` library)
 * and a line telling the person to get the app from the App Store (APPLE) or Google Play
 * (ANDROID), with the link itself for those already on their phone.
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
  const store = type === 'APPLE' ? t('appGuide.appStore') : t('appGuide.googlePlay');
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('appGuide.title', { store })} description={t('appGuide.description', { store })} width={360}>
      <div className={styles.body}>
        <div className={styles.qr}>{qr ? <img src={qr} width={200} height={200} alt={t('appGuide.qrAlt', { store })} /> : <span className={styles.qrSkeleton} aria-hidden />}</div>
        <a href={url} target="_blank" rel="noopener noreferrer" className={styles.link}>
          {t('appGuide.open', { store })}
          <span className="visually-hidden">{t('sidebar.opensNewTab')}</span>
        </a>
      </div>
    </Dialog>
  );
}
