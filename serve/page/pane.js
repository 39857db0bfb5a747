// The result pane, as LeetCode lays it out: the verdict, Runtime and Memory, a failing case's
// boards, then what the judge finds after its verdict (the stress tiers, TLE risk, the smallest
// failing puzzle, the standing). Each of the judge's JSON lines is drawn as it arrives; every
// sentence of the judge's through said(), the frame's words through t().
import { $, L, t, said, esc } from './labels.js';
import { compileErrorLines, runtimeErrorLines } from './editor.js';
import { runtimeErrorHtml, runtimeMarks, linkRuntimeLines } from './runtime.js';

const result = $('result');
let failingInput = null;  // the last failing case, for Replay
let hooks = { mark: () => {}, runCase: () => {}, goTo: () => {} };

// `mark(marks)` marks the editor's lines; `runCase(line)` runs one puzzle; `goTo(line)` shows a
// line in the editor.
export function initPane(given) { hooks = given; }
export function clearPane() { result.hidden = false; result.innerHTML = ''; failingInput = null; }
export const lastFailingInput = () => failingInput;

function section(id, html) {
  let div = $(id);
  if (!div) { div = document.createElement('div'); div.id = id; result.appendChild(div); }
  div.innerHTML = html;
  linkRuntimeLines(div, line => hooks.goTo(line));
  return div;
}

// A failing case's runtime error as its story tells it (runtime.js), its lines marked in the editor.
function runtimeStoryHtml(story, why, where, file) {
  hooks.mark(runtimeMarks(story));
  return runtimeErrorHtml(story, { why, where, file });
}

function ms(us) { return us === null || us === undefined ? '-' : (us / 1000).toFixed(us < 10000 ? 2 : 0) + ' ms'; }
function mb(kb) { return kb ? (kb / 1024).toFixed(1) + ' MB' : '-'; }

// A board with its title (explore/board.js draws it), the `wrong` cells ([[r, c]...]) marked.
function boardHtml(title, board, puzzle, wrong) {
  let element = null;
  try { element = SudokuBoard.element(board, puzzle, new Map((wrong || []).map(([r, c]) => [r * 9 + c, 'wrong']))); } catch (e) {}
  const drawn = element ? element.outerHTML : `<pre class="out">${esc(typeof board === 'string' ? board : JSON.stringify(board))}</pre>`;
  return `<div><h4>${esc(title)}</h4>${drawn}</div>`;
}

// The verdict's header: its words in colour, testcases passed, Runtime and Memory.
function verdictHtml(verdict, passed, total, runtimeHtml, memoryHtml) {
  const cls = verdict === 'Accepted' ? 'accepted' : 'failed';
  const count = total ? `<span class="passed" id="passed">${passed} / ${total} ${esc(t('passed'))}</span>` : '';
  const figures = runtimeHtml === null ? '' : `<div class="figures">
      <div class="figure"><div class="k">${esc(t('runtime'))}</div><div class="v" id="runtime">${runtimeHtml}</div></div>
      <div class="figure"><div class="k">${esc(t('memory'))}</div><div class="v" id="memory">${memoryHtml}</div></div></div>`;
  return `<p><span id="verdict" class="${cls}" data-verdict="${esc(verdict)}">${esc(t(verdict))}</span>${count}</p>${figures}`;
}

// A failing case as LeetCode shows it: Input (or Last Executed Input), Output and Expected as
// boards, the wrong cells marked, the checker's reason, Stdout.
function failingCaseHtml(fc, verdict, file) {
  const ran = verdict === 'Wrong Answer' && fc.output;
  let html = fc.runtime_error ? runtimeStoryHtml(fc.runtime_error, said(fc, 'reason'), fc.where, file) : `<div class="reason"><b>${esc(t('reason'))}:</b> ${esc(said(fc, 'reason'))} <span class="passed">(${esc(fc.where)})</span></div>`;
  html += '<div class="boards">' + boardHtml(ran ? t('input') : t('lastInput'), fc.input, fc.input, []);
  if (ran) html += boardHtml(t('output'), fc.output, fc.input, fc.wrong_cells);
  if (fc.expected) html += boardHtml(t('expected'), fc.expected, fc.input, []);
  html += '</div>';
  if (fc.stdout) html += `<h3>${esc(t('stdout'))}</h3><pre class="out">${esc(fc.stdout)}</pre>`;
  return html;
}

// A runtime error's trace: the sanitizer's lines of the failing set's paragraph (its first line,
// the verdict, is already said), and the lines of the code it names, marked.
function runtimeTraceHtml(set) {
  if (!set || !set.failure) return '';
  const lines = String(said(set, 'failure')).split('\n').slice(1).filter(l => !/^\s*puzzle: /.test(l));
  hooks.mark(runtimeErrorLines(said(set, 'failure')));
  return lines.length ? `<h3>${esc(t('sanitizer'))}</h3><pre class="out compile" id="runtimeTrace">${esc(lines.join('\n'))}</pre>` : '';
}

function onVerdict(e) {
  const tier = e.sets.filter(s => s.tier === 'leetcode');
  const micros = tier.map(s => s.median_us).filter(x => x !== null), maxes = tier.map(s => s.max_us).filter(x => x !== null);
  const mem = tier.map(s => s.max_memory_kb).filter(x => x !== null);
  const median = micros.length ? micros.sort((a, b) => a - b)[Math.floor(micros.length / 2)] : null;
  const runtime = median === null ? '-' : `${ms(median)} <span class="passed">${esc(t('medianPerCase'))}; ${esc(t('maxCase'))} ${ms(Math.max(...maxes))}</span>`;
  const memory = mem.length ? `${mb(Math.max(...mem))} <span class="passed">${esc(t('peak'))}</span>` : '-';
  const verdict = e.leetcode_verdict;
  let html = verdictHtml(verdict, e.passed, e.total, verdict === 'Compile Error' ? null : runtime, memory);
  if (verdict === 'Compile Error' || verdict === 'Skipped')
    html += `<pre class="out compile" id="compile">${esc(said(e, 'message'))}</pre>`;
  if (verdict === 'Compile Error') hooks.mark(compileErrorLines(said(e, 'message')));
  if (e.failing_case) {
    failingInput = e.failing_case.input;
    html += failingCaseHtml(e.failing_case, verdict, e.file);
  }
  if (verdict === 'Runtime Error' && !(e.failing_case && e.failing_case.runtime_error))
    html += runtimeTraceHtml(tier.find(s => s.verdict === 'Runtime Error'));
  section('head', html);
}

function onStressSet(e) {
  let table = $('stressTable');
  if (!table) {
    section('stress', `<h3>${esc(t('stress'))}</h3><div class="scroll"><table class="sets" id="stressTable"><tr><th>${esc(t('set'))}</th>
      <th>${esc(t('verdictCol'))}</th><th>${esc(t('passed'))}</th><th>${esc(t('limit'))}</th><th>${esc(t('median'))}</th>
      <th>${esc(t('max'))}</th><th>MB</th></tr></table></div><div id="stressFailures"></div>`);
    table = $('stressTable');
  }
  const row = table.insertRow();
  const cls = e.verdict === 'Accepted' ? 'ok' : 'bad';
  row.innerHTML = `<td>${esc(e.set)}</td><td class="${cls}">${esc(t(e.verdict))}</td><td class="num">${e.passed}/${e.total}</td>
    <td class="num">${e.limit_ms}</td><td class="num">${e.median_us ?? '-'}</td><td class="num">${e.max_us ?? '-'}</td>
    <td class="num">${e.max_memory_kb ? (e.max_memory_kb / 1024).toFixed(1) : '-'}</td>`;
  if (e.failure && e.failing_case && !failingInput) failingInput = e.failing_case.input;
  const failure = said(e, 'failure');
  if (failure) $('stressFailures').insertAdjacentHTML('beforeend',
    `<details><summary class="bad">${esc(e.set)}: ${esc(failure.split('\n')[0])}</summary><pre class="out">${esc(failure)}</pre></details>`);
}

function copyLine(text) {
  return `<div class="copyline"><code class="cmd">${esc(text)}</code><button class="copy">${esc(t('copy'))}</button></div>`;
}

function onFindings(e) {
  let html = '';
  if (e.near_limit && e.near_limit.length) {
    html += `<h3>${esc(t('tle'))}</h3><ul id="tleRisk">` + e.near_limit.map(n =>
      `<li>${esc(L.nearLimit(n.set, n.case, (n.micros / 1000).toFixed(0), n.limit_ms, Math.round(n.micros / 10 / n.limit_ms)))}</li>`).join('') + '</ul>';
  }
  if (e.state_between_calls) {
    const s = e.state_between_calls;
    html += `<h3>${esc(t('state'))}</h3><p id="stateBetweenCalls">${esc(L.stateSentence(s.set, s.case, s.fails_after_case ?? '-'))}</p>`;
  }
  if (e.shrunk) {
    html += `<h3>${esc(t('smallest'))}</h3><div class="boards" id="shrunk">${boardHtml(L.emptyCells(e.shrunk.empty_after), e.shrunk.line, e.shrunk.line, [])}</div>
      <p class="passed" id="shrunkReason">${esc(said(e.shrunk, 'reason'))}</p><button id="runShrunk">${esc(t('runIt'))}</button>`;
  }
  if (e.debug) html += `<h3>${esc(t('debug'))}</h3>${copyLine(e.debug)}<p class="passed">${esc(t('saveAs'))}</p>`;
  if (!html) return;
  section('findings', html);
  if (e.shrunk) $('runShrunk').onclick = () => hooks.runCase(e.shrunk.line);
}

// The standing as a picture: the reading path's steps and your file, by CPU time per case.
function onStanding(e) {
  const rows = e.standing || [];
  if (!rows.length) return section('standing', `<h3>${esc(t('standing'))}</h3><pre class="out">${esc(said(e, 'text') || '')}</pre>`);
  // Solutions are timed on different sets (a slow one only where it finishes): each bar is your
  // time (geometric mean over your sets) times that solution's time / yours on the sets it shares.
  const bySolution = new Map(), yours = new Map();
  for (const r of rows) {
    if (!bySolution.has(r.solution)) bySolution.set(r.solution, []);
    bySolution.get(r.solution).push(Math.max(r.its_micros, 0.01) / Math.max(r.your_micros, 0.01));
    yours.set(r.set, Math.max(r.your_micros, 0.01));
  }
  const geo = xs => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
  const mine = geo([...yours.values()]);
  const stepOf = new Map();
  for (const step of e.reading_path || []) for (const s of step.solutions) stepOf.set(s, step.step);
  const bars = [...bySolution].map(([name, xs]) => ({ name, step: stepOf.get(name), us: mine * geo(xs) }));
  bars.push({ name: t('yours'), yours: true, us: mine });
  bars.sort((a, b) => b.us - a.us);
  const top = Math.log10(Math.max(...bars.map(b => b.us)) * 2), bottom = Math.log10(Math.min(...bars.map(b => b.us)) / 2);
  const W = 640, left = 230, h = 18, width = x => (Math.log10(x) - bottom) / (top - bottom) * (W - left - 70);
  const svg = bars.map((b, i) => `<g transform="translate(0,${i * h})">
      <text x="${left - 6}" y="12" text-anchor="end"${b.yours ? ' class="yours"' : ''}>${esc((b.step ? L.step(b.step) + ' ' : '') + b.name)}</text>
      <rect x="${left}" y="2" height="${h - 5}" width="${Math.max(1, width(b.us)).toFixed(1)}" ${b.yours ? ' class="yours"' : ''}/>
      <text x="${left + width(b.us) + 4}" y="12">${b.us < 1000 ? b.us.toFixed(1) + ' us' : (b.us / 1000).toFixed(1) + ' ms'}</text></g>`).join('');
  section('standing', `<h3>${esc(t('standing'))}</h3><svg id="standingChart" viewBox="0 0 ${W} ${bars.length * h + 4}" width="100%" style="max-width:${W}px">${svg}</svg>
    <p class="passed">${esc(t('standingNote'))}</p><details><summary>${esc(t('asPrinted'))}</summary><pre class="out">${esc(said(e, 'text') || '')}</pre></details>`);
}

// Run: each case's Input, Output (its wrong cells marked) and Expected, whether it is valid, Stdout, time.
function onRun(e) {
  if (e.verdict !== 'Accepted') {
    section('head', verdictHtml(e.verdict, 0, 0, null, null) + `<pre class="out compile" id="compile">${esc(said(e, 'message'))}</pre>`);
    if (e.verdict === 'Compile Error') hooks.mark(compileErrorLines(said(e, 'message')));
    return;
  }
  const allValid = e.cases.every(c => c.valid);
  const first = e.cases[0] || {};
  // Each case's verdict is the schema's; a Run kept before cases had one named it in its problem.
  const verdict = allValid ? 'Accepted' : first.verdict ?? (first.output === null && first.problem ? first.problem.split(':')[0] : 'Wrong Answer');
  const cpu = e.cases.map(c => c.cpu_us).filter(x => x !== null), mem = e.cases.map(c => c.memory_kb);
  let html = verdictHtml(L[verdict] ? verdict : 'Wrong Answer', 0, 0, cpu.length ? ms(Math.max(...cpu)) : '-', mem.length ? mb(Math.max(...mem)) : '-');
  for (const c of e.cases) {
    if (!c.valid) failingInput = c.input;
    html += `<h3>${esc(t('caseResult'))} ${esc(c.where)}</h3>`;
    if (c.runtime_error) html += runtimeStoryHtml(c.runtime_error, said(c, 'problem').split('\n')[0], '', e.file);
    else if (c.problem) html += `<div class="reason">${esc(said(c, 'problem'))}</div>`;
    if (c.problem && c.output === null && !c.runtime_error) hooks.mark(runtimeErrorLines(said(c, 'problem')));
    html += '<div class="boards">' + boardHtml(t('input'), c.input, c.input, []);
    if (c.output) html += boardHtml(t('output'), c.output, c.input, c.wrong_cells);
    if (c.expected) html += boardHtml(t('expected'), c.expected, c.input, []);
    html += '</div>';
    if (c.stdout) html += `<h3>${esc(t('stdout'))}</h3><pre class="out">${esc(c.stdout)}</pre>`;
  }
  section('head', html);
}

// One of the judge's JSON lines (judge/report/README.md, "The JSON lines").
export function onEvent(e, mode) {
  const status = $('status');
  switch (e.event) {
    case 'queued': status.textContent = L.queued(e.ahead); break;
    case 'started': status.textContent = mode === 'run' ? t('running') : t('judging'); break;
    case 'progress': status.textContent = L.progress(e.set, e.done, e.total); break;
    case 'verdict': onVerdict(e); break;
    case 'stress_set': onStressSet(e); break;
    case 'findings': onFindings(e); break;
    case 'standing_started': status.textContent = t('measuring'); break;
    case 'standing': onStanding(e); break;
    case 'run': onRun(e); break;
    case 'not_judged': section('head', `<pre class="out compile">${esc(said(e, 'error'))}</pre>`); break;
    case 'error': section('trouble', `<pre class="out">${esc(said(e, 'error'))}</pre>`); break;
    case 'done': status.textContent = t('done'); break;
    case 'exit':
      if (e.status !== 0 && e.stderr && !$('head')) section('head', `<pre class="out compile" id="compile">${esc(e.stderr)}</pre>`);
      status.textContent = t('done');
      break;
  }
}

// An answer that is not the judge's stream (429 busy, a refusal): its status and words.
export function showRefusal(status, text) {
  section('head', `<p><span id="verdict" class="failed">${esc(status === 429 ? t('busy') : status)}</span></p><pre class="out">${esc(text)}</pre>`);
}
