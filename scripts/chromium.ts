// Debian's Chromium as the browser checks run it (the Lighthouse script and the browser tests):
// never a downloaded browser, and nothing that reaches the network on its own.
export const CHROMIUM = '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
