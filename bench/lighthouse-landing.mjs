// Lighthouse on the landing page (docs/benchmarks.md#targets: performance ≥ 0.95 with Debian Chromium). Measures,
// never gates: it prints the four category scores and the metrics, and exits 0.
//
//   npm run bench:lighthouse                 # builds if dist/ is missing; mobile and desktop, 3 runs each
//   RUNS=1 npm run bench:lighthouse
//   CHROMIUM_PATH=/path/to/chromium npm run bench:lighthouse
//   REPORT_DIR=/tmp/lh npm run bench:lighthouse   # also writes each median report (.json and .html)
//   PRESET=mobile npm run bench:lighthouse        # only one preset (mobile or desktop)
//
// The server, Chromium and the runs are handled by bench/lighthouse-lib.mjs (run it on a quiet
// machine: a busy one can cost a few hundredths).
import { runLighthouseBench } from './lighthouse-lib.mjs';

await runLighthouseBench({ name: 'landing', pathname: '/', target: '≥ 0.95' });
