// Scores one conformance run against the frozen requirement list and the baseline of expected failures.
// Usage: node evaluate.mjs <revision> <results-dir> <baseline.yaml> <requirements.yaml>
//    or: node evaluate.mjs --every-check <revision> <results-dir> <baseline.yaml> <scenario>...
// Every server scenario the suite runs counts, scored or not; one passes when none of its checks is FAILURE.
// The run fails on a regression (a failure not in the baseline, or a scenario the requirements do not name)
// and on a stale entry (a baselined scenario that passes): the baseline can only shrink.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.join(path.dirname(new URL(import.meta.url).pathname), 'suite', 'package.json'));
const YAML = require('yaml');

// Scenarios no requirement set names (the Skills extension's), run one by one: each must have run, and every
// check must be SUCCESS, but for the checks baseline.yaml lists under `checks` for the revision, which must
// be SKIPPED (a listed check that now passes is a stale entry, as above).
function everyCheck(revision, resultsDir, baselineFile, scenarios) {
  const allowed = ((YAML.parse(fs.readFileSync(baselineFile, 'utf8')) || {}).checks || {})[revision] || {};
  const ran = new Map();
  for (const dir of fs.readdirSync(resultsDir)) {
    const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(dir);
    const file = path.join(resultsDir, dir, 'checks.json');
    if (match && fs.existsSync(file)) ran.set(match[1], JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  let failed = 0;
  console.log(`\n== ${revision}: scenarios where every check counts ==`);
  for (const scenario of scenarios) {
    const checks = ran.get(scenario) || [{ id: 'not-run', status: 'FAILURE' }];
    const bad = checks.filter((c) => (allowed[c.id] ? c.status !== 'SKIPPED' : c.status !== 'SUCCESS'));
    const passed = checks.length - bad.length;
    if (bad.length) failed++;
    console.log(`${bad.length ? 'FAIL' : 'PASS'} ${scenario} (${passed}/${checks.length} checks)`);
    for (const c of bad) {
      const why = allowed[c.id] && c.status === 'SUCCESS' ? 'STALE BASELINE CHECK: remove it' : c.errorMessage || '';
      console.log(`       ${c.status} ${c.id}${why ? ': ' + why : ''}`);
    }
  }
  console.log(`${revision} every-check passed/total: ${scenarios.length - failed}/${scenarios.length}`);
  process.exit(failed ? 1 : 0);
}
if (process.argv[2] === '--every-check') {
  const [revision, resultsDir, baselineFile, ...scenarios] = process.argv.slice(3);
  everyCheck(revision, resultsDir, baselineFile, scenarios);
}

const [revision, resultsDir, baselineFile, requirementsFile] = process.argv.slice(2);
const requirements = YAML.parse(fs.readFileSync(requirementsFile, 'utf8'));
const scored = requirements.server;
// every server scenario the suite runs but does not score (extensions, pending ones) counts here too
const unscored = (requirements.not_scored || []).filter((entry) => entry.leg === 'server').map((entry) => entry.scenario);
const baseline = (YAML.parse(fs.readFileSync(baselineFile, 'utf8')) || {})[revision] || {};

const checksByScenario = new Map();
for (const dir of fs.readdirSync(resultsDir)) {
  const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(dir);
  const file = path.join(resultsDir, dir, 'checks.json');
  if (match && fs.existsSync(file)) {
    checksByScenario.set(match[1], JSON.parse(fs.readFileSync(file, 'utf8')));
  }
}

const regressions = [];
const stale = [];
function evaluate(title, scenarios) {
  let passed = 0;
  console.log(`\n== ${revision}: ${title} scenarios ==`);
  for (const scenario of scenarios) {
    const checks = checksByScenario.get(scenario);
    const failures = checks ? checks.filter((c) => c.status === 'FAILURE') : [{ id: 'not-run' }];
    const warnings = checks ? checks.filter((c) => c.status === 'WARNING') : [];
    const ok = failures.length === 0;
    const expected = baseline[scenario];
    if (ok) passed++;
    let note = '';
    if (!ok && expected) note = `  (baselined: ${expected})`;
    if (!ok && !expected) { note = '  REGRESSION'; regressions.push(scenario); }
    if (ok && expected) { note = '  STALE BASELINE ENTRY: remove it'; stale.push(scenario); }
    console.log(`${ok ? 'PASS' : 'FAIL'} ${scenario}${note}`);
    if (!ok) for (const f of failures) console.log(`       failure ${f.id}${f.errorMessage ? ': ' + f.errorMessage : ''}`);
    for (const w of warnings) console.log(`       warning ${w.id}${w.errorMessage ? ': ' + w.errorMessage : ''}`);
  }
  console.log(`${revision} ${title} passed/total: ${passed}/${scenarios.length}`);
}
evaluate('scored', scored);
evaluate('unscored', unscored);
for (const scenario of checksByScenario.keys()) {
  if (!scored.includes(scenario) && !unscored.includes(scenario)) {
    regressions.push(scenario);
    console.log(`UNLISTED SCENARIO ${scenario}: the suite ran a scenario its requirements do not name`);
  }
}
for (const scenario of Object.keys(baseline)) {
  if (!scored.includes(scenario) && !unscored.includes(scenario)) {
    stale.push(scenario);
    console.log(`UNKNOWN BASELINE ENTRY ${scenario}`);
  }
}
if (regressions.length || stale.length) {
  console.log(`${revision}: ${regressions.length} regression(s), ${stale.length} stale baseline entr(ies)`);
  process.exit(1);
}
