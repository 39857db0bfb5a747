// The Submissions tab, as LeetCode's (history/README.md). The judge keeps every Run and Submit of
// this page, and every `make judge` of the user's file, in the user's history; the server reads it
// (POST /api/history, behind the same guards as a Submit). A row opened draws its pane again from
// its kept report, an event at a time through the pane's own drawing (pane.js), and shows its code
// as text (never run); .load puts the code into the editor; two rows chosen are diffed side by side.
import { $, L, t, esc } from './labels.js';
import { clearPane, onEvent } from './pane.js';

let panel = null;
let hooks = { put: () => {}, clearMarks: () => {} };

async function ask(body) {
  const response = await fetch('/api/history', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return response.json();
}

async function submission(id) {
  const answer = await ask({ id: Number(id) });
  if (!answer.submission) throw new Error(answer.error || `no submission ${id}`);
  return answer.submission;
}

const ms = us => us === null || us === undefined ? '-' : (us / 1000).toFixed(us < 10000 ? 2 : 0) + ' ms';
const mb = kb => kb ? (kb / 1024).toFixed(1) + ' MB' : '-';
const source = s => s.source === 'judge' ? `make judge ${s.file}` : t(s.source);
const passed = s => s.total ? `${s.passed} / ${s.total}` : '';

// A row: its verdict a button that opens it (the row opens on a click anywhere too).
function row(s) {
  const word = `<button type="button" class="open word ${s.verdict === 'Accepted' ? 'accepted' : 'failed'}"
    title="${esc(L.openTitle(s.id))}">${esc(t(s.verdict))}</button>` +
    (s.state === 'done' ? '' : ` <span class="when">(${esc(t('interrupted'))})</span>`);
  return `<tr class="submission" data-id="${s.id}" data-verdict="${esc(s.verdict)}" data-source="${esc(s.source)}">
    <td><input type="checkbox" class="pick" aria-label="${esc(L.chooseOne(s.id))}"></td>
    <td>${word}<div class="when">#${s.id} · ${esc(s.when_local)} · ${esc(source(s))}${s.total ? ' · ' + esc(passed(s)) : ''}</div>
      ${s.note ? `<div class="note">${esc(s.note)}</div>` : ''}</td>
    <td class="num">${esc(ms(s.runtime_us))}</td><td class="num">${esc(mb(s.memory_kb))}</td>
    <td><button type="button" class="load" title="${esc(t('loadTitle'))}">${esc(t('load'))}</button></td></tr>`;
}

// The list, newest first; drawn again after each Run or Submit (refreshSubmissions).
async function drawList() {
  let answer;
  try {
    answer = await ask({});
  } catch (err) {
    panel.innerHTML = `<div class="reason" id="historyOff">${esc(t('historyOff'))} ${esc(err.message)}</div>`;
    return;
  }
  if (answer.error) {
    panel.innerHTML = `<div class="reason" id="historyOff">${esc(t('historyOff'))} ${esc(answer.error)}</div>` +
      `<p class="passed">${esc(answer.advice)}</p>`;
    return;
  }
  const rows = answer.submissions;
  if (!rows.length) return void (panel.innerHTML = `<p class="passed" id="noSubmission">${esc(t('noSubmission'))}</p>`);
  panel.innerHTML = `<div class="submissionBar"><button type="button" id="compare" disabled>${esc(t('compare'))}</button>
      <span class="passed">${esc(L.keptIn(rows.length, answer.path))}</span></div>
    <div class="scroll"><table class="submissionList"><tr><th><span class="visually-hidden">${esc(t('choose'))}</span></th>
      <th>${esc(t('statusCol'))}</th><th>${esc(t('runtime'))}</th><th>${esc(t('memory'))}</th>
      <th><span class="visually-hidden">${esc(t('load'))}</span></th></tr>${rows.map(row).join('')}</table></div>`;
  $('compare').onclick = compareChosen;
}

function add(id, html) {
  const div = document.createElement('div');
  div.id = id;
  div.innerHTML = html;
  $('result').appendChild(div);
  return div;
}

// The pane as it was: the kept report's events drawn by the pane, then the code.
async function open(id) {
  let s;
  try { s = await submission(id); } catch (err) { return noteError(String(err)); }
  for (const r of panel.querySelectorAll('tr.submission')) r.classList.toggle('open', r.dataset.id === String(id));
  clearPane();
  add('submissionHead', `<h3 id="submissionTitle" data-id="${s.id}">${esc(L.submissionTitle(s.id))} · ${esc(s.when_local)} · ${esc(source(s))}</h3>`);
  const report = s.report || {};
  if (report.cases) onEvent({ ...report, event: 'run' }, 'run');
  else if (report.leetcode_verdict) {
    onEvent({ ...report, event: 'verdict' }, 'submit');
    for (const set of (report.sets || []).filter(x => x.tier === 'stress')) onEvent({ ...set, event: 'stress_set' }, 'submit');
    onEvent({ ...report, event: 'findings' }, 'submit');
    if (Array.isArray(report.standing) && report.standing.length)
      onEvent({ event: 'standing', standing: report.standing, reading_path: [], text: '' }, 'submit');
  }
  hooks.clearMarks();  // the marks are the editor's code's, not this one's
  if (s.state !== 'done') add('submissionInterrupted', `<p class="reason">${esc(t('interruptedNote'))}</p>`);
  add('submissionCode', `<h3>${esc(t('showCode'))}</h3><div class="submissionBar"><button type="button" class="load"
    data-id="${s.id}">${esc(t('load'))}</button></div><pre class="out code" id="submittedCode"></pre>`);
  $('submittedCode').textContent = s.code;
  $('status').textContent = L.submissionTitle(s.id);
  $('result').scrollIntoView({ block: 'nearest' });
}

async function load(id) {
  let s;
  try { s = await submission(id); } catch (err) { return noteError(String(err)); }
  hooks.put(s.code, L.submissionTitle(s.id));
}

// The lines of the longest common subsequence kept on both sides, the others removed (left) or
// added (right): [kind, left line, right line] a row.
function lineDiff(a, b) {
  const n = a.length, m = b.length, keep = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; --i)
    for (let j = m - 1; j >= 0; --j) keep[i][j] = a[i] === b[j] ? keep[i + 1][j + 1] + 1 : Math.max(keep[i + 1][j], keep[i][j + 1]);
  const rows = [];
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) rows.push(['same', i++, j++]);
    else if (j < m && (i === n || keep[i][j + 1] >= keep[i + 1][j])) rows.push(['add', null, j++]);
    else rows.push(['del', i++, null]);
  }
  return rows;
}

async function compareChosen() {
  const ids = [...panel.querySelectorAll('tr.submission .pick:checked')].map(box => box.closest('tr').dataset.id);
  if (ids.length !== 2) return;
  let older, newer;
  try { [newer, older] = await Promise.all(ids.map(submission)); } catch (err) { return noteError(String(err)); }
  const a = older.code.split('\n'), b = newer.code.split('\n');
  const cell = (kind, lines, at) => at === null ? '<td class="n"></td><td class="gap"></td>'
    : `<td class="n">${at + 1}</td><td class="${kind === 'same' ? '' : kind}">${esc(lines[at])}</td>`;
  const head = s => `#${s.id} ${esc(t(s.verdict))}${s.total ? ' · ' + esc(passed(s)) : ''} · ${esc(s.when_local)}`;
  const body = lineDiff(a, b).map(([kind, i, j]) => `<tr>${cell(kind, a, i)}${cell(kind, b, j)}</tr>`).join('');
  clearPane();
  add('submissionDiff', `<div class="scroll"><table class="sideBySide" data-left="${older.id}" data-right="${newer.id}">
    <colgroup><col class="n"><col><col class="n"><col></colgroup>
    <tr><th colspan="2">${head(older)}</th><th colspan="2">${head(newer)}</th></tr>${body}</table></div>`);
  $('result').scrollIntoView({ block: 'nearest' });
}

// hooks: put(code, what) puts code in the editor; clearMarks() clears the editor's marked lines.
export function drawSubmissions(into, given) {
  panel = into;
  hooks = given;
  panel.addEventListener('click', e => {
    const r = e.target.closest('tr.submission');
    if (!r) return;
    if (e.target.classList.contains('load')) return void load(r.dataset.id);
    if (e.target.classList.contains('pick')) {
      if (panel.querySelectorAll('.pick:checked').length > 2) e.target.checked = false;
      $('compare').disabled = panel.querySelectorAll('.pick:checked').length !== 2;
      return;
    }
    open(r.dataset.id);
  });
  $('result').addEventListener('click', e => {
    if (e.target.classList.contains('load') && e.target.dataset.id) load(e.target.dataset.id);
  });
  drawList();
}

// After a Run or Submit: the list again (the judge has kept it).
export function refreshSubmissions() { if (panel) drawList(); }
