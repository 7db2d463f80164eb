// "What does the Cunliffe review mean for water companies?", "What the VodafoneThree merger means
// for MVNOs": the title asks what one thing means for someone. The opening sentence answers when
// it names the thing ("Ofgem has set the price cap…", "General average is a rule…"), says what it
// means ("It means a lender has to show…") or speaks to the one it is for ("For a regional airline,
// …", "Providers should expect…"); the sector's history or context ("Water regulation has been
// argued over since 1989", "Copper sits at the center of boardroom conversations") does neither.
import { sameStem } from './title-words.js'

const MEANS_FOR = /^(?:(.*?):\s*)?what\s+(?:(?:does|do|will|would)\s+(.+?)\s+mean|(.+?)\s+means?)\s+for\s+(.+?)\??$/i

/** The words of the thing and of the one it is for, when the title asks what one means for the other. */
export function asksWhatItMeans(title: string, stopWords: ReadonlySet<string>): { thing: string[]; party: string } | undefined {
  const match = MEANS_FOR.exec(title.trim())
  if (!match) return undefined
  const words = (text: string | undefined) =>
    (text?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !stopWords.has(w))
  const party = words(match[4]).at(-1)
  if (!party) return undefined
  return { thing: [...words(match[1]), ...words(match[2] ?? match[3])], party }
}

/** "Pubs have been rated on their trade … for as long as the modern rating system has existed": a
 * present perfect that reaches back over a span tells the history, whoever it names; the main
 * clause's, its verb among the first words ("…the price controls water companies have planned
 * around since 1989" ends in a relative clause). */
const HISTORY =
  /^\s*(?:[\p{L}\p{N}'’-]+\s+){1,5}?(?:has|have)\s+(?:been\s+)?[\p{L}-]+\s+(?:[\p{L}\p{N},'’-]+\s+){0,10}?(?:for\s+(?:decades|years|generations|centuries|a\s+century|as\s+long\s+as)|since\s+(?:the\s+)?(?:1[89]|20)\d{2}s?)\b/iu

export function answersWhatItMeans(sentence: string, asked: { thing: string[]; party: string }): boolean {
  if (HISTORY.test(sentence)) return false
  const said: string[] = sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  const names = (word: string) => said.some((w) => sameStem(w, word) || w.replace(/s$/, '') === word.replace(/s$/, ''))
  return said.includes('means') || said.includes('mean') || asked.thing.some(names) || names(asked.party)
}
