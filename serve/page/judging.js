// Run, Submit and Replay: each posts the code and reads the answer as it comes. None waits for
// another: a Run or Submit while a report streams aborts that report's fetch (the server stops
// its judge when the connection closes) and starts its own, as a new Replay aborts the last one;
// Stop aborts them all, and so does a page that leaves. Only the newest report draws in the pane.
import { $, t, esc } from './labels.js';
import { clearPane, onEvent, showRefusal, lastFailingInput } from './pane.js';
import { announceVerdict, announceReplay } from './access.js';

// The events whose drawing shows a verdict, said as it arrives.
const VERDICTS = new Set(['verdict', 'run', 'not_judged']);

let report = null;  // the AbortController of the report that streams
let replaying = null;  // the Replay's

function showStop() { $('stop').disabled = !report && !replaying; }

// Aborts the report that streams (and, with `all`, the Replay too).
export function stop(all) {
  const had = report || (all && replaying);
  if (report) report.abort(), report = null;
  if (all && replaying) replaying.abort(), replaying = null;
  if (had) $('status').textContent = t('stopped');
  showStop();
}

function post(path, body, signal) {
  return fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal });
}

// Posts the code for a Run or a Submit; draws the answer's JSON lines as they arrive, while this
// is still the newest report.
export async function start(mode, code, caseText, editor) {
  stop(false);
  const mine = report = new AbortController();
  showStop();
  clearPane();
  editor.clearMarks();
  $('status').textContent = mode === 'run' ? t('running') : t('judging');
  try {
    const response = await post('/api/judge', { mode, code, case: mode === 'run' ? caseText : '' }, mine.signal);
    if (!response.ok) {
      const text = await response.text();
      if (report === mine) showRefusal(response.status, text), $('status').textContent = '', announceVerdict();
      return;
    }
    const reader = response.body.getReader(), decoder = new TextDecoder();
    let pending = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done || report !== mine) break;
      pending += decoder.decode(value, { stream: true });
      let at;
      while ((at = pending.indexOf('\n')) >= 0 && report === mine) {
        const text = pending.slice(0, at);
        pending = pending.slice(at + 1);
        if (!text.trim()) continue;
        const event = JSON.parse(text);
        onEvent(event, mode);
        if (VERDICTS.has(event.event)) announceVerdict();
      }
    }
  } catch (err) {
    if (err.name !== 'AbortError') noteError(String(err));
  } finally {
    if (report === mine) report = null;
    showStop();
  }
}

// Replay a search: the judge captures the code's own search in its sandbox (judge --replay) and
// answers with where explore's replay page of it is kept, shown in a sandboxed frame.
export async function replay(code, caseText) {
  if (replaying) replaying.abort();
  const mine = replaying = new AbortController();
  showStop();
  const box = $('replaySection');
  box.hidden = false;
  box.innerHTML = `<p id="replayStatus">${esc(t('running'))}</p>`;
  box.scrollIntoView({ block: 'nearest' });
  try {
    const response = await post('/api/replay', { mode: 'replay', code, case: caseText ?? (lastFailingInput() || $('case').value) }, mine.signal);
    const text = await response.text();
    if (replaying !== mine) return;
    if (!response.ok) { box.innerHTML = `<pre class="out" id="replayError">${esc(t('noReplay') + text)}</pre>`; return; }
    box.innerHTML = '<iframe id="replayFrame" sandbox="allow-scripts"></iframe>';
    $('replayFrame').title = t('replayFrame');
    $('replayFrame').src = JSON.parse(text).frame;  // a document of its own, with its own policy
    announceReplay();
  } catch (err) {
    if (err.name !== 'AbortError') noteError(String(err));
    else if (replaying === mine || !replaying) box.innerHTML = `<p>${esc(t('stopped'))}</p>`;
  } finally {
    if (replaying === mine) replaying = null;
    showStop();
  }
}

// A page that leaves stops what it asked for: its fetches end, so does each judge.
window.addEventListener('pagehide', () => stop(true));
