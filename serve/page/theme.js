// The page's theme, light or dark: the system's (prefers-color-scheme), or the one chosen in
// #theme and kept in the browser. A plain script loaded in <head>, before the page is drawn,
// so that a dark page never flashes light; it sets <html data-theme="light|dark"> (page.css
// colours the page by it) and fires "themechange" on document when it changes (the editor
// changes CodeMirror's theme then).
"use strict";
(function () {
  const STORE = 'sudoku-serve-theme';
  const system = window.matchMedia('(prefers-color-scheme: dark)');
  let chosen = null;
  try { chosen = localStorage.getItem(STORE); } catch (e) {}
  const choice = () => (chosen === 'light' || chosen === 'dark' ? chosen : 'system');

  function apply() {
    const theme = choice() === 'system' ? (system.matches ? 'dark' : 'light') : choice();
    if (document.documentElement.dataset.theme === theme) return;
    document.documentElement.dataset.theme = theme;
    document.dispatchEvent(new CustomEvent('themechange', { detail: theme }));
  }

  apply();
  system.addEventListener('change', apply);
  // The switch: System, Light or Dark; its words are put in by main.js.
  document.addEventListener('DOMContentLoaded', () => {
    const select = document.getElementById('theme');
    select.value = choice();
    select.addEventListener('change', () => {
      chosen = select.value;
      try {
        if (select.value === 'system') localStorage.removeItem(STORE);
        else localStorage.setItem(STORE, select.value);
      } catch (e) {}
      apply();
    });
  });
})();
