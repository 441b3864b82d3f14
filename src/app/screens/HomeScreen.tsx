import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useConfig, useLang, useSiteName, useStaticContent } from '../hooks.js';
import { enabledSections, sectionHref, sectionLabelOverride } from '../sections.js';
import { PageHeading } from './PageHeading.js';

function Banners() {
  const content = useStaticContent();
  // Banners are grouped by placement (home, tickets …) in static content.
  const banners = content?.banners.home ?? [];
  if (banners.length === 0) return null;
  return (
    <div className="banners">
      {banners.map((banner, index) => {
        const picture = (
          <picture>
            <source media="(max-width: 544px)" srcSet={banner.image_mobile} width={800} height={800} />
            {/* the first banner is the page's largest paint: asked for first, never lazily */}
            <img src={banner.image} alt={banner.alt} loading={index === 0 ? 'eager' : 'lazy'} fetchPriority={index === 0 ? 'high' : 'auto'} width={1600} height={600} />
          </picture>
        );
        return (
          <figure className="banner" key={`${banner.image}-${index}`}>
            {banner.url ? <a href={banner.url}>{picture}</a> : picture}
          </figure>
        );
      })}
    </div>
  );
}

export default function HomeScreen() {
  const config = useConfig();
  const lang = useLang();
  const siteName = useSiteName();
  const sections = enabledSections(config);
  return (
    <div className="home">
      <Banners />
      <section className="home__intro">
        <PageHeading>
          <FormattedMessage id="home.welcome" values={{ siteName }} />
        </PageHeading>
        <p className="lead">
          <FormattedMessage id="home.intro" />
        </p>
      </section>
      {sections.length > 0 && (
        <section className="home__sections" aria-labelledby="home-sections">
          <h2 id="home-sections">
            <FormattedMessage id="home.sections" />
          </h2>
          <ul className="entry-grid">
            {sections.map((section) => (
              <li key={section.key} className={`entry entry--${section.key}`}>
                <Link to={sectionHref(section, lang)} className="entry__link">
                  <span className="entry__title">
                    {sectionLabelOverride(config, section.key, lang) ?? <FormattedMessage id={`nav.${section.key}`} />}
                  </span>
                  <span className="entry__text">
                    <FormattedMessage id={`home.${section.key}`} />
                  </span>
                  <span className="entry__cta" aria-hidden="true">
                    <FormattedMessage id="home.discover" /> →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
