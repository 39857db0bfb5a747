// make serve's page, started: the tabs (Description, Editorial), the editor, Run, Submit, Stop
// and Replay, and LeetCode's keys (Ctrl/Cmd-' runs, Ctrl/Cmd-Enter submits). The parts:
// labels.js (the words), tabs.js, editor.js, pane.js (the result pane), judging.js (the
// requests), editorial.js, submissions.js, access.js (the keyboard's and screen readers' part);
// theme.js (a plain script) sets the theme; explore/board.js draws the boards.
import { $, CONFIG, L, t, PROBLEM } from './labels.js';
import { addTab, showTab, drawAll } from './tabs.js';
import { makeEditor } from './editor.js';
import { initPane } from './pane.js';
import { start, stop, replay } from './judging.js';
import { drawEditorial } from './editorial.js';
import { drawSubmissions, refreshSubmissions } from './submissions.js';
import { announce, keepScrolledBoxesReachable } from './access.js';

const TEMPLATE = 'class Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) {\n        \n    }\n};\n';
const STORE = 'sudoku-serve-code';
const code = $('code');

document.documentElement.lang = CONFIG.lang === 'zh' ? 'zh-CN' : 'en';
$('title').textContent = CONFIG.lang === 'zh' ? '37. 解数独' : '37. Sudoku Solver';
document.title = $('title').textContent;
$('hint').textContent = t('hint');
$('caseLabel').textContent = t('caseLabel');
for (const id of ['run', 'submit', 'replay', 'stop']) $(id).textContent = t(id);
$('run').title = $('submit').title = t('keys');
$('editorKeys').textContent = t('editorKeys');
$('themeLabel').textContent = t('theme');
for (const [value, words] of [['system', 'themeSystem'], ['light', 'themeLight'], ['dark', 'themeDark']])
  $('theme').querySelector(`option[value=${value}]`).textContent = t(words);
keepScrolledBoxesReachable();

// The editor, on the code kept in the browser (or LeetCode's empty template).
let saved = null;
try { saved = localStorage.getItem(STORE); } catch (e) {}
code.value = saved || TEMPLATE;
const editor = makeEditor(code, { onChange: text => { try { localStorage.setItem(STORE, text); } catch (e) {} } });

// Each Run and Submit is kept in the history: the Submissions tab lists it once it is judged.
const run = () => start('run', code.value, $('case').value, editor).then(refreshSubmissions);
const submit = () => start('submit', code.value, '', editor).then(refreshSubmissions);
const replayCode = (text, caseText) => replay(text, caseText);
$('run').onclick = run;
$('submit').onclick = submit;
$('stop').onclick = () => stop(true);
$('replay').onclick = () => replayCode(code.value);
initPane({
  mark: marks => editor.mark(marks),
  runCase: line => { $('case').value = line; run(); },
  goTo: line => editor.goTo(line),
});

// LeetCode's keys, wherever the focus is (before the editor sees them).
window.addEventListener('keydown', e => {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
  const action = e.key === "'" ? run : e.key === 'Enter' ? submit : null;
  if (!action) return;
  e.preventDefault();
  e.stopPropagation();
  action();
}, true);

// The tabs. A new tab is one addTab call (tabs.js).
addTab({ name: 'description', label: t('tabDescription'), draw: panel => {
  panel.innerHTML = PROBLEM[CONFIG.lang] || PROBLEM.en;
  const example = CONFIG.example.replace(/^board = /, '');
  const board = SudokuBoard.element(example, null, new Map());
  $('exampleBoards').innerHTML = `<div><h4></h4></div>`;
  $('exampleBoards').querySelector('h4').textContent = t('input');
  $('exampleBoards').firstChild.appendChild(board);
  $('exampleText').textContent = CONFIG.example;
} });
addTab({ name: 'editorial', label: t('tabEditorial'), wide: true, draw: panel => drawEditorial(panel, {
  put: (text, file) => { code.value = text; code.dispatchEvent(new Event('input')); announce($('status').textContent = L.putDone(file)); },
  replay: text => replayCode(text, ''),
}) });
addTab({ name: 'submissions', label: t('tabSubmissions'), draw: panel => drawSubmissions(panel, {
  put: (text, what) => { code.value = text; code.dispatchEvent(new Event('input')); announce($('status').textContent = L.putDone(what)); },
  clearMarks: () => editor.clearMarks(),
}) });
showTab(location.hash.slice(1));
drawAll();
window.addEventListener('hashchange', () => showTab(location.hash.slice(1)));
// CodeMirror measures its lines when shown: again once the layout has settled, and when a tab
// changes the columns' widths.
requestAnimationFrame(() => editor.refresh());
$('tabs').addEventListener('click', () => requestAnimationFrame(() => editor.refresh()));
document.body.dataset.ready = 'yes';
