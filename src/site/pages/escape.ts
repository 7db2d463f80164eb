// Escaping for text placed in markup by hand. Children of JSX elements are escaped with the
// `safe` attribute; mixed text and attribute values that kitajs leaves raw go through here.
import { escapeHtml } from '@kitajs/html'

export function esc(value: string | number): string {
  return escapeHtml(String(value)).replace(/>/g, '&gt;')
}
