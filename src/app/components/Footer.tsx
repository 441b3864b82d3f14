import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { AppConfig } from '../../api/schemas/config.js';
import type { Language } from '../../api/languages.js';
import { useConfig, useLang, useSiteName, useStaticContent } from '../hooks.js';
import { routeHref } from '../../domain/routes.js';
import { standardLegalLinks, withdrawalFooterLink } from '../navigation.js';

export const SOCIAL_NETWORKS: Record<string, string> = {
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  tripadvisor: 'Tripadvisor',
  tiktok: 'TikTok',
};

function customTermsFor(config: AppConfig, lang: Language) {
  const custom = config.customTermsLinks;
  if (!custom) return null;
  const forLang = custom[lang] ?? custom[config.languages[0] ?? 'de'];
  if (!forLang) return [];
  return (['imprint', 'terms', 'data_protection', 'shipping'] as const).flatMap((key) => (forLang[key] ? [{ key, ...forLang[key] }] : []));
}

function LegalLinks() {
  const config = useConfig();
  const lang = useLang();
  const custom = customTermsFor(config, lang);
  const withdraw = withdrawalFooterLink(config, lang);
  return (
    <nav className="footer__legal" aria-labelledby="footer-legal">
      <h2 id="footer-legal" className="footer__heading">
        <FormattedMessage id="footer.legal" />
      </h2>
      <ul>
        {custom
          ? custom.map((link) => (
              <li key={link.key}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.title} <span className="visually-hidden"><FormattedMessage id="footer.newTab" /></span>
                </a>
              </li>
            ))
          : standardLegalLinks(config).map((link) => (
              <li key={link.key}>
                <Link to={link.page === 'shipping' ? routeHref(lang, 'shippingInfo') : routeHref(lang, 'page', { id: link.page })}>
                  <FormattedMessage id={link.messageId} />
                </Link>
              </li>
            ))}
        {withdraw && (
          <li>
            <Link to={withdraw}>
              <FormattedMessage id="footer.withdraw" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

function SocialLinks() {
  const content = useStaticContent();
  const entries = Object.entries(content?.social_media ?? {})
    .filter(([network, entry]) => network in SOCIAL_NETWORKS && entry.link !== '')
    .sort(([, a], [, b]) => a.sequence_no - b.sequence_no);
  if (entries.length === 0) return null;
  return (
    <div className="footer__social">
      <h2 className="footer__heading" id="footer-social">
        <FormattedMessage id="footer.social" />
      </h2>
      <ul aria-labelledby="footer-social">
        {entries.map(([network, entry]) => (
          <li key={network}>
            <a href={entry.link} target="_blank" rel="noopener noreferrer" className={`social social--${network}`}>
              {SOCIAL_NETWORKS[network]} <span className="visually-hidden"><FormattedMessage id="footer.newTab" /></span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function staticImage(path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('/')) return path;
  return `/static/${path}`;
}

function PartnerLogos() {
  const config = useConfig();
  const lang = useLang();
  if (config.partnerLogos.length === 0) return null;
  return (
    <div className="footer__partners">
      <h2 className="visually-hidden">
        <FormattedMessage id="footer.partners" />
      </h2>
      {config.partnerLogos.map((group, index) => {
        const name = group.name[lang] ?? group.name[config.languages[0] ?? 'de'] ?? Object.values(group.name)[0] ?? '';
        return (
          <section className="partner-group" key={`${name}-${index}`} aria-label={name}>
            {name && <h3 className="partner-group__name">{name}</h3>}
            <ul className="partner-group__logos">
              {group.logos.map((logo) => {
                const img = <img src={staticImage(logo.image)} alt={logo.alt} loading="lazy" width={172} height={48} />;
                return (
                  <li key={logo.image}>
                    {logo.url ? (
                      <a href={logo.url} target="_blank" rel="noopener noreferrer">
                        {img}
                      </a>
                    ) : (
                      img
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

export function Footer() {
  const siteName = useSiteName();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <LegalLinks />
        <SocialLinks />
        <PartnerLogos />
      </div>
      <div className="container site-footer__bottom">
        <p>
          <FormattedMessage id="footer.copyright" values={{ year: new Date().getFullYear(), siteName }} />
        </p>
      </div>
    </footer>
  );
}
