// The Editorial tab: solutions/README.md's reading path beside the editor, one .step a rung.
// Each of a step's files: its idea (its opening comment), its time per case on each set (from
// bench/results.md, the run named), its code highlighted with a button that puts it in the
// editor, the diff from the step before, and a .replay button that replays its search here.
// Its matter comes from GET /api/editorial (serve/editorial.h).
import { L, t, esc } from './labels.js';
import { highlight } from './editor.js';

// hooks: put(code, file) puts code in the editor; replay(code) replays its search.
export async function drawEditorial(panel, hooks) {
  panel.innerHTML = `<p class="passed">${esc(t('loading'))}</p>`;
  let data;
  try {
    const response = await fetch('/api/editorial');
    if (!response.ok) throw new Error(await response.text());
    data = await response.json();
  } catch (err) {
    panel.innerHTML = `<pre class="out" id="editorialError">${esc(t('noEditorial') + err.message)}</pre>`;
    return;
  }
  const r = data.results;
  panel.innerHTML = `<p class="intro">${esc(L.editorialIntro)}</p>
    <p class="run-note" id="editorialRun">${esc(L.measuredBy(r.file))}${esc(r.run)} ${esc(r.sets ? r.sets.heading : '')}</p>`;
  for (const step of data.steps) panel.appendChild(stepElement(step, r, hooks));
}

function stepElement(step, results, hooks) {
  const section = document.createElement('section');
  section.className = 'step';
  section.dataset.step = step.step;
  section.innerHTML = `<h3><span class="num">${esc(step.step)}</span>${esc(step.idea)}</h3>`;
  step.solutions.forEach((s, i) => section.appendChild(solutionElement(s, results, hooks, i === 0)));
  return section;
}

// A comment's lines joined into its sentences; Time:, Space: and Needs: on lines of their own.
const paragraphs = text => text.trim().replace(/\n(?!(Time|Space|Needs):)/g, ' ');

function solutionElement(s, results, hooks, first) {
  const div = document.createElement('div');
  div.className = 'solution';
  div.dataset.solution = s.name;
  div.innerHTML = `<h4>${esc(s.file)}</h4><div class="comment">${esc(paragraphs(s.comment))}</div>${timesHtml(s.name, results)}
    <div class="actions"><button type="button" class="put">${esc(t('putInEditor'))}</button>
      <button type="button" class="replay">${esc(t('replayIt'))}</button></div>
    <details class="code-view"><summary>${esc(t('showCode'))}</summary><pre class="code"></pre></details>
    <details class="diff-view"${first && s.base ? ' open' : ''}><summary>${esc(s.base ? L.diffFrom(s.base) : t('noDiff'))}</summary><pre class="diff"></pre></details>`;
  highlight(s.code, 'text/x-c++src', div.querySelector('pre.code'));
  if (s.base) highlight(s.diff, 'text/x-diff', div.querySelector('pre.diff'));
  else div.querySelector('.diff-view').removeChild(div.querySelector('pre.diff'));
  div.querySelector('.put').onclick = () => hooks.put(s.code, s.file);
  div.querySelector('.replay').onclick = () => hooks.replay(s.code);
  return div;
}

// The file's row of bench/results.md's tables: microseconds per case on each set, and on the
// ladder puzzle, one chip each.
function timesHtml(name, results) {
  const sets = results.sets, ladder = results.ladder;
  const row = sets && sets.times[name];
  if (!row) return '';
  const chips = sets.columns.map((c, i) => [c, row[i]]);
  if (ladder && ladder.times[name]) chips.push([t('ladder'), ladder.times[name][0]]);
  return `<div class="times" title="${esc(sets.heading)}">${chips.map(([k, v]) =>
    `<span class="time"><span class="k">${esc(k)}</span> <b>${esc(v)}</b></span>`).join('')}<span class="k">${esc(L.timesCaption(results.file))}</span></div>`;
}
