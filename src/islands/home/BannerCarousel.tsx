import { useEffect, useState } from 'react';
import type { Lang } from '../../lib/i18n/index.ts';
import type { Banner } from '../../lib/home/schema.ts';
import { autoAdvances, BANNER_INTERVAL_MS, nextBanner } from '../../lib/home/rules.ts';
import { isBuiltPage } from '../../lib/site/built-pages.ts';
import { useTranslation, withTexts } from '../shell/I18nRoot.tsx';

/**
 * The home page banners: one slide at a time with previous/next buttons and a pause button. It
 * moves on its own only when the user does not prefer reduced motion, and stops while hovered,
 * focused or paused. Every slide is in the page (hidden ones `hidden`), so it works before hydration.
 */
export const BannerCarousel = withTexts(BannerCarouselIsland, ['reach']);

function BannerCarouselIsland({ banners }: { lang: Lang; banners: Banner[] }) {
  return <Carousel banners={banners} />;
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const change = () => setReduced(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return reduced;
}

function Carousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [holding, setHolding] = useState(false);
  const reduced = usePrefersReducedMotion();
  const moving = autoAdvances(banners.length, reduced, paused || holding);

  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(() => setIndex((i) => nextBanner(i, banners.length)), BANNER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [moving, banners.length]);

  if (banners.length === 0) return null;
  return (
    <section
      aria-roledescription={t('reach.banners.carousel')}
      aria-label={t('reach.banners.label')}
      className="relative overflow-hidden rounded-box"
      data-banner-carousel
      data-moving={moving ? 'true' : 'false'}
      onMouseEnter={() => setHolding(true)}
      onMouseLeave={() => setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={() => setHolding(false)}
    >
      <div aria-live={moving ? 'off' : 'polite'}>
        {banners.map((banner, i) => {
          const image = <img src={banner.image_url} alt={banner.title} width={1200} height={300} className="aspect-[4/1] w-full object-cover" />;
          const href = banner.link_url && isBuiltPage(banner.link_url) ? banner.link_url : undefined;
          return (
            <div
              key={banner.id}
              role="group"
              aria-roledescription={t('reach.banners.slide')}
              aria-label={t('reach.banners.position', { n: i + 1, total: banners.length })}
              hidden={i !== index}
              data-banner={i}
            >
              {href ? <a href={href}>{image}</a> : image}
            </div>
          );
        })}
      </div>
      {banners.length > 1 && (
        <div className="absolute right-2 bottom-2 flex gap-1">
          <button type="button" className="btn btn-circle btn-sm" aria-label={paused ? t('reach.banners.play') : t('reach.banners.pause')} onClick={() => setPaused((p) => !p)}>
            <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
          </button>
          <button type="button" className="btn btn-circle btn-sm" aria-label={t('reach.banners.previous')} onClick={() => setIndex((i) => nextBanner(i, banners.length, -1))}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="btn btn-circle btn-sm" aria-label={t('reach.banners.next')} onClick={() => setIndex((i) => nextBanner(i, banners.length))}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
