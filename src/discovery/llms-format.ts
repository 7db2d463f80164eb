// The llms.txt building blocks (llmstxt.org): one-line notes and `- [title](url): notes` items that
// the reference parser reads back exactly.

/** Collapses whitespace so a note never spills onto a second line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** A list item; brackets in the title are escaped so the link stays one link. */
export function llmsItem(title: string, url: string, notes?: string): string {
  const safeTitle = oneLine(title).replace(/([[\]\\])/g, '\\$1')
  const safeUrl = url.replace(/[()\s]/g, (c) => encodeURIComponent(c))
  const note = notes ? oneLine(notes) : ''
  return `- [${safeTitle}](${safeUrl})${note ? `: ${note}` : ''}`
}

/** The `## ` heading of a section of items. */
export function llmsSectionHeading(title: string): string {
  return `## ${oneLine(title)}`
}

/** A whole llms.txt file: H1, one-line summary, detail paragraphs, then `## ` sections of items. */
export function llmsFile(name: string, summary: string, details: string[], sections: { title: string; items: string[] }[]): string {
  const parts = [`# ${oneLine(name)}`, `> ${oneLine(summary)}`, ...details.map(oneLine).filter(Boolean)]
  for (const section of sections) {
    if (section.items.length === 0) continue
    parts.push(`${llmsSectionHeading(section.title)}\n\n${section.items.join('\n')}`)
  }
  return `${parts.join('\n\n')}\n`
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' })

/** "en" → "English"; an unknown tag stays as it is. */
export function languageName(tag: string): string {
  try {
    return languageNames.of(tag) ?? tag
  } catch {
    return tag
  }
}
