import { startTestApp, articlePayload } from './test/helpers/test-app.js'
const t = await startTestApp()
let r = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ excerpt: 'A short one', body: '<p>Hello <a href="/insights/">x</a></p><img src="/images/a.png">' }) })
console.log(r.statusCode, r.body.slice(0, 200))
for (const u of ['/robots.txt','/sitemap.xml','/llms.txt','/insights/llms.txt','/services/llms.txt','/developers/llms.txt','/feed.xml','/feed.json','/.well-known/agent-skills/index.json','/auth.md','/.well-known/api-catalog','/.well-known/mcp/server-card.json','/.well-known/ard.json', '/sitemap-1.xml', '/.well-known/agent-skills/publish-article/SKILL.md']) {
  r = await t.request({ method: 'GET', url: u, token: null })
  console.log('=====', u, r.statusCode, r.headers['content-type'], r.headers.etag, r.headers['last-modified'])
  console.log(r.body.slice(0, 2500))
}
r = await t.request({ method: 'GET', url: '/openapi.json', token: null })
console.log(r.statusCode, r.body.length)
await t.close()
