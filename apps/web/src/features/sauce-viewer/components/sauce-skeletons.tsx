import { useTranslation } from 'react-i18next';
import styles from '../../../components/sauce/image-editor.module.css';
import { SauceBarSkeleton } from '../../../components/sauce/sauce-toolbar.tsx';
import textStyles from '../../../components/sauce/text-editor.module.css';

/** Placeholder while the workspace, an image source or a draft loads: the page's shape. */
export function ImageSauceSkeleton({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} aria-busy="true">
      <span className="visually-hidden" role="status">
        {label ?? t('loading')}
      </span>
      <SauceBarSkeleton />
      <div className={styles.sheet} aria-hidden>
        <span className={`${styles.skel} ${styles.skelTitle}`} />
        <div className={styles.skelBody}>
          <div className={styles.skelMain}>
            <span className={`${styles.skel} ${styles.skelCanvas}`} />
            <div className={styles.skelStrip}>
              <span className={`${styles.skel} ${styles.skelThumb}`} />
              <span className={`${styles.skel} ${styles.skelThumb}`} />
              <span className={`${styles.skel} ${styles.skelThumb}`} />
            </div>
          </div>
          <div className={styles.skelSide}>
            <span className={`${styles.skel} ${styles.skelLine}`} />
            <span className={`${styles.skel} ${styles.skelLine}`} />
            <span className={`${styles.skel} ${styles.skelShort}`} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Placeholder while the workspace or a text source loads. */
export function TextSauceSkeleton() {
  return (
    <div className={textStyles.page} aria-busy="true">
      <SauceBarSkeleton />
      <div className={textStyles.sheet}>
        <span className={`${textStyles.skel} ${textStyles.skelTitle}`} />
        <span className={`${textStyles.skel} ${textStyles.skelLink}`} />
        <span className={`${textStyles.skel} ${textStyles.skelLine}`} />
        <span className={`${textStyles.skel} ${textStyles.skelLine}`} />
        <span className={`${textStyles.skel} ${textStyles.skelShort}`} />
      </div>
    </div>
  );
}
