// The left column's tabs, as LeetCode's: each a button #tab-NAME and a panel #NAME, drawn the
// first time it is shown. Adding a tab is one call of addTab (main.js); the URL's #NAME opens it.
// From the keyboard as WAI-ARIA's tabs: Tab reaches the shown tab's button, the arrow keys, Home
// and End show another.
import { $ } from './labels.js';

const tabs = new Map();

// name: the panel's id; label: the button's words; draw(panel): fills the panel, once;
// wide: the column widens while the tab is shown (code to read).
export function addTab({ name, label, draw, wide = false }) {
  const button = document.createElement('button');
  button.id = 'tab-' + name;
  button.type = 'button';
  button.setAttribute('role', 'tab');
  button.setAttribute('aria-controls', name);
  button.textContent = label;
  button.onclick = () => { showTab(name); history.replaceState(null, '', location.pathname + location.search + '#' + name); };
  button.onkeydown = e => moveBy(e, name);
  $('tabs').appendChild(button);
  const panel = document.createElement('div');
  panel.id = name;
  panel.setAttribute('role', 'tabpanel');
  panel.setAttribute('aria-labelledby', button.id);
  panel.tabIndex = 0;
  panel.hidden = true;
  $('panels').appendChild(panel);
  tabs.set(name, { button, panel, draw, wide, drawn: false });
}

export function showTab(name) {
  if (!tabs.has(name)) name = tabs.keys().next().value;
  for (const [key, tab] of tabs) {
    const shown = key === name;
    tab.button.setAttribute('aria-selected', String(shown));
    tab.button.tabIndex = shown ? 0 : -1;
    tab.panel.hidden = !shown;
    if (shown && !tab.drawn) tab.drawn = true, tab.draw(tab.panel);
    if (shown) document.querySelector('main').classList.toggle('wide-left', tab.wide);
  }
}

// An arrow key, Home or End on a tab's button: the tab before or after it (round), the first or
// the last, shown and focused.
function moveBy(e, name) {
  const names = [...tabs.keys()], at = names.indexOf(name);
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: names.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  const next = tabs.get(names[(to + names.length) % names.length]);
  next.button.click();
  next.button.focus();
}

// Draws every tab now (hidden ones too), so that each panel's content is there to find.
export function drawAll() {
  for (const tab of tabs.values()) if (!tab.drawn) tab.drawn = true, tab.draw(tab.panel);
}
