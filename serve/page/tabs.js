// The left column's tabs, as LeetCode's: each a button #tab-NAME and a panel #NAME, drawn the
// first time it is shown. Adding a tab is one call of addTab (main.js); the URL's #NAME opens it.
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
  $('tabs').appendChild(button);
  const panel = document.createElement('div');
  panel.id = name;
  panel.setAttribute('role', 'tabpanel');
  panel.hidden = true;
  $('panels').appendChild(panel);
  tabs.set(name, { button, panel, draw, wide, drawn: false });
}

export function showTab(name) {
  if (!tabs.has(name)) name = tabs.keys().next().value;
  for (const [key, tab] of tabs) {
    const shown = key === name;
    tab.button.setAttribute('aria-selected', String(shown));
    tab.panel.hidden = !shown;
    if (shown && !tab.drawn) tab.drawn = true, tab.draw(tab.panel);
    if (shown) document.querySelector('main').classList.toggle('wide-left', tab.wide);
  }
}

// Draws every tab now (hidden ones too), so that each panel's content is there to find.
export function drawAll() {
  for (const tab of tabs.values()) if (!tab.drawn) tab.drawn = true, tab.draw(tab.panel);
}
