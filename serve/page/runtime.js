// A runtime error's story in the pane: the judge's "runtime_error" member of a failing case
// (judge/report/README.md, "The runtime error's story"). The sanitizer's or the runtime's own
// first line is the headline, as LeetCode shows it; its report follows, the user's lines kept and
// the noise (frames outside the file, shadow bytes, registers) folded in <details>, the whole
// report one click away; each line of the user's file the report names is listed with its role,
// a button that goes there in the editor, and marked in the editor with its role's class. The
// sanitizer's words are drawn as they are; the roles and the folded parts' summaries are the
// judge's sentences (its "said" and "summary"), which the server shows in the page's language
// (messages/README.md); the headings are the page's own (labels.js).
import { t, said, esc } from './labels.js';

// Each role's classes on its line in the editor: the failing line keeps the class it has always
// had (runtime-error), and says its role too.
const ROLE_CLASSES = {
  failed: ['runtime-error', 'runtime-failed'], allocated: ['runtime-allocated'], freed: ['runtime-freed'],
  declared: ['runtime-declared'],
};

// What a line is in the report, in the page's language: its role, the report's own words, its function.
const roleWords = line => said(line, 'said') || line.role;

// The editor's marks of a story: {line, column, message, kind} for each class of each line.
export function runtimeMarks(story) {
  const marks = [];
  for (const line of story.lines || [])
    for (const kind of ROLE_CLASSES[line.role] || ['runtime-error'])
      marks.push({ line: line.line, column: line.column || 1, message: roleWords(line), kind });
  return marks;
}

const escapeRegExp = s => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A kept line, escaped, each "FILE:LINE" in it a button to that line.
function linked(text, file) {
  const html = esc(text);
  if (!file) return html;
  const at = new RegExp(`(^|[\\s'(/])(${escapeRegExp(esc(file))}):(\\d+)((?::\\d+)?)`, 'g');
  return html.replace(at, (all, before, name, line, column) =>
    `${before}<button type="button" class="runtime-goto" data-line="${line}" title="${esc(t('goToLine')(line))}">${name}:${line}${column}</button>`);
}

function partHtml(part, file) {
  if (part.kind === 'report') return `<pre class="out runtime-kept">${part.lines.map(l => linked(l, file)).join('\n')}</pre>`;
  if (!said(part, 'summary')) return '';  // the banners: the whole report below has them
  const summary = said(part, 'summary').replace(/^\[(.*)\]$/, '$1');  // the terminal's brackets, not the page's
  return `<details class="runtime-folded" data-kind="${esc(part.kind)}"><summary>${esc(summary)}</summary>` +
    `<pre class="out">${esc(part.lines.join('\n'))}</pre></details>`;
}

function lineHtml(line, file) {
  const where = `${file || ''}:${line.line}${line.column ? ':' + line.column : ''}`;
  return `<li class="runtime-line role-${esc(line.role)}" data-line="${line.line}" data-role="${esc(line.role)}">` +
    `<button type="button" class="runtime-goto" data-line="${line.line}" title="${esc(t('goToLine')(line.line))}">${esc(where)}</button> ` +
    `${esc(roleWords(line))}</li>`;
}

// The story's HTML: the headline (with `why`, the judge's reason, and `where`, the case, small
// beside it), the report's parts, the user's lines, the whole report. `file`: the user's file as
// the judge named it (its lines' links).
export function runtimeErrorHtml(story, { why, where, file }) {
  const aside = [why, where].filter(Boolean).map(esc).join(' · ');
  let html = `<div class="runtime-story"><div class="reason runtime-headline"><span class="headline">${linked(story.headline, file)}</span>` +
    (aside ? ` <span class="passed">(${aside})</span>` : '') + '</div>';
  const parts = (story.parts || []).map(p => partHtml(p, file)).join('');
  if (parts) html += `<h3>${esc(t('runtimeReport'))}</h3><div class="runtime-report">${parts}</div>`;
  if ((story.lines || []).length)
    html += `<h3>${esc(t('runtimeLines'))}</h3><ul class="runtime-lines">${story.lines.map(l => lineHtml(l, file)).join('')}</ul>`;
  if (story.report) html += `<details class="runtime-whole"><summary>${esc(t('runtimeWhole'))}</summary><pre class="out">${esc(story.report)}</pre></details>`;
  return html + '</div>';
}

// Each "go to the line" button under `element` moves the editor there (`goTo(line)`).
export function linkRuntimeLines(element, goTo) {
  for (const button of element.querySelectorAll('.runtime-goto'))
    button.addEventListener('click', () => goTo(Number(button.dataset.line)));
}
