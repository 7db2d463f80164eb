// The firm's own pages: /about/ (what the firm is and its people, each linked to their author
// page) and /contact/ (how clients reach the firm, an address of its own, not the API-access one).
import { esc } from './escape.js'
import { ABOUT_PATH, authorPath, CONTACT_PATH, servicePath } from '../../content/urls.js'
import type { TeamMember } from '../../content/site-definition.js'
import { breadcrumbNode } from '../structured-data.js'
import type { PageContent, PageContext } from './page.js'

/** A portrait, or the person's initials in its place when the definition has no photo. */
export function Portrait({ member, size }: { member: TeamMember; size: number }): string {
  if (member.photo) {
    return (<img class="portrait" src={esc(member.photo)} alt={esc(`Portrait of ${member.name}`)} width={size} height={size} />) as string
  }
  const initials = member.name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
  return (
    <span class="portrait portrait-initials" aria-hidden="true" safe>
      {initials}
    </span>
  ) as string
}

export function aboutPage(ctx: PageContext): PageContent {
  const { site, baseUrl } = ctx
  const about = site.definition.about ?? [site.definition.description]
  const main = (
    <>
      <header class="page-header">
        <p class="eyebrow">About the firm</p>
        <h1 safe>{site.name}</h1>
        <p class="lede" safe>
          {site.definition.tagline}
        </p>
      </header>
      <div class="prose firm-about">
        {about.map((paragraph) => (
          <p safe>{paragraph}</p>
        ))}
      </div>
      {site.team.length > 0 ? (
        <section class="team" aria-labelledby="team-title">
          <h2 id="team-title">Our people</h2>
          <ul class="team-list">
            {site.team.map((member) => (
              <li class="person">
                <Portrait member={member} size={96} />
                <div>
                  <h3 class="person-name">
                    <a href={authorPath(member.slug)} safe>
                      {member.name}
                    </a>
                  </h3>
                  <p class="person-role" safe>
                    {member.role}
                  </p>
                  <p class="person-bio" safe>
                    {member.bio}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        ''
      )}
      <p>
        <a class="button" href={CONTACT_PATH}>
          Contact us
        </a>
      </p>
    </>
  ) as string
  return {
    path: ABOUT_PATH,
    title: 'About',
    description: `Who ${site.name} is and the people behind its work and its insights.`,
    main,
    section: 'about',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [
      breadcrumbNode([{ name: 'Home', url: `${baseUrl}/` }, { name: 'About' }]),
      ...site.team.map((member) => ({
        '@type': 'Person',
        name: member.name,
        jobTitle: member.role,
        url: baseUrl + authorPath(member.slug),
        worksFor: { '@id': `${baseUrl}/#org` },
      })),
    ],
  }
}

/** The Contact page; `subject` of a service's "Talk to us" link goes into the mailto link. */
export function contactPage(ctx: PageContext): PageContent {
  const { site, baseUrl } = ctx
  const contact = site.definition.contact
  const email = site.contactEmail
  const main = (
    <>
      <header class="page-header">
        <p class="eyebrow">Contact</p>
        <h1>Talk to us</h1>
        <p class="lede" safe>
          {contact?.note ?? `Tell us about the question you are facing; a partner of ${site.name} answers within two working days.`}
        </p>
      </header>
      <div class="contact-grid">
        <section class="contact-card" aria-labelledby="write-title">
          <h2 id="write-title">Write to us</h2>
          <p>
            <a class="contact-email" href={esc(`mailto:${email}`)} safe>
              {email}
            </a>
          </p>
          {contact?.phone ? (
            <p>
              {/* Non-breaking spaces keep the number on one line. */}
              <a href={esc(`tel:${contact.phone.replace(/[^+\d]/g, '')}`)}>{esc(contact.phone).replace(/ /g, '&nbsp;')}</a>
            </p>
          ) : (
            ''
          )}
        </section>
        {contact?.address ? (
          <section class="contact-card" aria-labelledby="visit-title">
            <h2 id="visit-title">Visit us</h2>
            <address>{contact.address.map((line, i) => (i === 0 ? esc(line) : `<br>${esc(line)}`)).join('')}</address>
          </section>
        ) : (
          ''
        )}
        <section class="contact-card" aria-labelledby="topics-title">
          <h2 id="topics-title">What we work on</h2>
          <ul class="plain-list">
            {site.services.map((service) => (
              <li>
                <a href={servicePath(service.slug)} safe>
                  {site.serviceTitle(service)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  ) as string
  return {
    path: CONTACT_PATH,
    title: 'Contact',
    description: `How to reach ${site.name}: ${email}.`,
    main,
    section: 'contact',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [
      breadcrumbNode([{ name: 'Home', url: `${baseUrl}/` }, { name: 'Contact' }]),
      {
        '@type': 'ContactPage',
        url: baseUrl + CONTACT_PATH,
        mainEntity: { '@id': `${baseUrl}/#org` },
      },
    ],
  }
}
