// Copies the non-TypeScript assets the server reads at run time (migrations are code;
// these are data files: word lists, stylesheet, skill files) next to the compiled output.
import { cpSync, existsSync } from 'node:fs'
const assets = ['src/content/quality/words', 'src/site/assets', 'src/discovery/skills']
for (const dir of assets) {
  if (existsSync(dir)) cpSync(dir, `dist/${dir}`, { recursive: true })
}
