import { openStore } from '../src/store/open-store.js'
const t0 = performance.now()
const store = await openStore({ dataDir: process.argv[2]! })
console.log('open+migrate', Math.round(performance.now() - t0))
for (const [q, rubric] of [['review quarter'], ['working capital'], ['how pricing'], ['pricing'], ['zebra review'], ['review quarter', 'strategy'], ['working capital forecasting']] as [string, string?][]) {
  const times: number[] = []
  let n = 0
  for (let i = 0; i < 30; i++) { const s = performance.now(); n = (await store.search.search(q, { limit: 10, rubric })).length; times.push(performance.now() - s) }
  times.sort((a, b) => a - b)
  console.log(q, rubric ?? '', n, 'p50', times[15]!.toFixed(2), 'max', times[29]!.toFixed(2))
}
await store.close()
