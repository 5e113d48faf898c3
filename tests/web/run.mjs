// Runs the browser suites (tests/web/*.test.mjs), as tools/test-web does:
//
//   node tests/web/run.mjs [--jobs N] [name ...]     e.g. node tests/web/run.mjs smoke embed
//
// One server of the built game for all suites (NARD_TEST_URL, which harness.mjs's
// startServer() hands out), and one Chromium per worker, shared by the suites that run on
// it one after another (NARD_BROWSER_WS, which launchBrowser() connects to; each suite makes
// its own contexts, so each test still starts with empty storage). N suites at a time
// (--jobs, NARD_WEB_JOBS; default 2), the longest first; each suite's output is printed
// whole when it ends, with its wall time. The suites in ALONE time the page's start or
// need the CPU to themselves: they run one at a time afterwards, each with a Chromium of
// its own, as they do run by hand. Exits non-zero if any suite failed.
//   NARD_WEB_DIR       serve another build's web folder (as the suites do)
//   NARD_WEB_SHARE=0   a Chromium per suite, as `node tests/web/X.test.mjs` launches
//   NARD_WEB_CPU=1     also each suite's processor seconds: its node and its own Chromium
//                      (implies NARD_WEB_SHARE=0), every process of it sampled from /proc
//                      twice a second (Chromium's renderers are not reaped into the suite's
//                      own counts). Which suites wait and which compute: how many can run
//                      at a time.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, browserOptions, startServer } from './harness.mjs';

const HERE = join(ROOT, 'tests', 'web');
// startup times the page's start. (analysis ran alone from 2026-11-27, when its coach
// dialog once never appeared beside another suite; the cause, frames not owed when the
// coach's judgement arrived from its worker, was fixed in main_web.cpp's needsFrame.)
const ALONE = new Set(['startup']);
// Processor seconds of each suite (NARD_WEB_CPU=1, 2026-11-28 on this project's 2-core
// machine; the suites are CPU-bound, so this is about their wall time alone): the pool's
// order, the longest first, so that the last to end is a short one. A suite not listed
// goes first.
const SECONDS = {
  game: 260, a11y: 150, languages: 140, phone: 134, ai: 100, reliability: 90, 'early-frames': 90, points: 91,
  friend: 83, i18n: 83, smoke: 70, live: 66, analysis: 73, startup: 61, offline: 20, embed: 17, history: 18, sound: 14,
};

function usage(message) {
  console.error(`run.mjs: ${message}\nusage: node tests/web/run.mjs [--jobs N] [name ...]`);
  process.exit(2);
}

let jobs = Number(process.env.NARD_WEB_JOBS || 2);
const names = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--jobs' || a === '-j') jobs = Number(args[++i]);
  else if (a.startsWith('--jobs=')) jobs = Number(a.slice(7));
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else names.push(basename(a).replace(/\.test\.mjs$/, ''));
}
if (!Number.isInteger(jobs) || jobs < 1) usage('--jobs wants a whole number of at least 1');
const all = readdirSync(HERE).filter((f) => f.endsWith('.test.mjs')).map((f) => f.slice(0, -'.test.mjs'.length)).sort();
for (const n of names) if (!existsSync(join(HERE, `${n}.test.mjs`))) usage(`no suite tests/web/${n}.test.mjs`);
const suites = names.length ? names : all;
const cpu = process.env.NARD_WEB_CPU === '1';
const share = process.env.NARD_WEB_SHARE !== '0' && !cpu;
const longestFirst = (a, b) => (SECONDS[b] ?? Infinity) - (SECONDS[a] ?? Infinity) || a.localeCompare(b);
const pool = suites.filter((n) => !ALONE.has(n)).sort(longestFirst);
const alone = suites.filter((n) => ALONE.has(n));

const results = [];
const children = new Set();
const browsers = new Set();
let server = null;
let stopping = false;

// Processor seconds of a process and all its descendants, as /proc has them now: every
// pid seen keeps its latest figure in `seen`, so one that has ended still counts.
const TICKS = 100;   // USER_HZ on Linux
function sampleTree(root, seen) {
  const parent = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');   // fields from the 3rd on
      parent.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch { /* gone meanwhile */ }
  }
  const inTree = (pid) => { for (let p = pid, n = 0; p > 1 && n < 64; p = parent.get(p)?.ppid, n++) if (p === root) return true; return false; };
  for (const [pid, { ticks }] of parent) {
    if (!inTree(pid)) continue;
    let kind = seen.get(pid)?.kind;
    if (!kind) {
      let cmd = '';
      try { cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { /* gone */ }
      kind = /--type=([a-z-]+)/.exec(cmd)?.[1] || (/chromium/.test(cmd) ? 'browser' : 'node');
    }
    seen.set(pid, { ticks, kind });
  }
}
// { total, by kind of process: node, browser, renderer, gpu-process, utility, zygote }
function treeSeconds(seen) {
  const by = {};
  let total = 0;
  for (const { ticks, kind } of seen.values()) { by[kind] = (by[kind] || 0) + ticks / TICKS; total += ticks / TICKS; }
  return { total, by };
}

// Runs one suite in a node of its own; resolves once it has ended and its output is out.
function runSuite(name, env) {
  const file = `tests/web/${name}.test.mjs`;
  const t0 = Date.now();
  console.log(`[web] ${file} started`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, file)], { cwd: ROOT, env: { ...process.env, ...env },
                                                                stdio: ['ignore', 'pipe', 'pipe'] });
    const seen = new Map();
    const sampler = cpu ? setInterval(() => sampleTree(child.pid, seen), 500) : null;
    children.add(child);
    const output = [];
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    child.on('error', (err) => output.push(Buffer.from(`run.mjs: ${err.message}\n`)));
    child.on('close', (code, signal) => {
      children.delete(child);
      const seconds = (Date.now() - t0) / 1000;
      if (sampler) clearInterval(sampler);
      const cpuSeconds = sampler ? treeSeconds(seen) : null;
      const passed = code === 0;
      const text = Buffer.concat(output).toString();
      process.stdout.write(`== ${file}\n${text}${text.endsWith('\n') || !text ? '' : '\n'}`);
      console.log(`-- ${name}: ${passed ? 'passed' : `FAILED (${signal || `exit ${code}`})`} in ${seconds.toFixed(1)} s` +
                  `${cpuSeconds ? ` (${cpuSeconds.total.toFixed(1)} CPU-s)` : ''}`);
      // A failed suite's FAIL lines (or, if it died before any, its last lines) are printed
      // again in the summary: CI shows only the head and tail of a long run.
      const lines = text.split('\n').filter((l) => l.trim());
      const fails = lines.filter((l) => /^\s*([\d.]+ s +)?FAIL /.test(l));
      results.push({ name, passed, seconds, cpuSeconds, why: passed ? [] : (fails.length ? fails : lines.slice(-6)) });
      resolve();
    });
  });
}

// A Chromium for the suites of one worker, launched again if it went away.
async function workerBrowser(current) {
  if (current && current.alive) return current;
  const browser = await chromium.launchServer(browserOptions());
  const entry = { browser, alive: true };
  browser.on('close', () => { entry.alive = false; browsers.delete(entry); });
  browsers.add(entry);
  return entry;
}

async function worker(queue) {
  let mine = null;
  for (let name; !stopping && (name = queue.shift()) !== undefined;) {
    const env = { NARD_TEST_URL: server.url };
    if (share) {
      mine = await workerBrowser(mine);
      env.NARD_BROWSER_WS = mine.browser.wsEndpoint();
    }
    await runSuite(name, env);
  }
  if (mine && mine.alive) await mine.browser.close();
}

async function cleanUp() {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all([...browsers].map((b) => b.browser.close().catch(() => {})));
  if (server) await server.stop();
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`[web] ${signal}: stopping the suites`);
    setTimeout(() => process.exit(130), 10000).unref();   // whatever does not stop in time
    await cleanUp();
    process.exit(130);
  });
}

const t0 = Date.now();
try {
  server = await startServer();
  console.log(`[web] ${suites.length} suites: ${pool.length ? `${Math.min(jobs, pool.length)} at a time` : ''}` +
              `${alone.length ? `${pool.length ? ', then ' : ''}${alone.join(' ')} alone` : ''}; ` +
              `the game at ${server.url}${share ? ', one Chromium per worker' : ''}`);
  const queue = [...pool];
  await Promise.all(Array.from({ length: Math.min(jobs, pool.length) }, () => worker(queue)));
  for (const name of alone) if (!stopping) await runSuite(name, { NARD_TEST_URL: server.url });
} catch (err) {
  console.error(`run.mjs: ${err.stack || err}`);
  results.push({ name: '(runner)', passed: false, seconds: 0 });
} finally {
  await cleanUp();
}
const failed = results.filter((r) => !r.passed);
console.log(`\n[web] wall times (s), ${Math.min(jobs, pool.length) || 1} at a time:`);
for (const r of results) {
  const used = r.cpuSeconds == null ? '' : `  ${r.cpuSeconds.total.toFixed(1).padStart(6)} CPU-s (` +
    Object.entries(r.cpuSeconds.by).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ') + ')';
  console.log(`  ${r.name.padEnd(14)} ${r.seconds.toFixed(1).padStart(6)}${used}  ${r.passed ? 'passed' : 'FAILED'}`);
}
for (const r of failed) for (const line of r.why || []) console.log(`[web] ${r.name}: ${line.trim().slice(0, 400)}`);
console.log(`[web] ${results.length - failed.length} of ${suites.length} suites passed in ${((Date.now() - t0) / 1000).toFixed(1)} s` +
            `${failed.length ? `; failed: ${failed.map((r) => r.name).join(' ')}` : ''}`);
process.exitCode = failed.length || results.length < suites.length ? 1 : 0;
