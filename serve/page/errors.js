// Anything the page reports as an error is written in #errors, where a test reading the DOM sees
// it. A plain script, loaded first, so that it hears the errors of every script after it.
"use strict";
function noteError(text) {
  const pre = document.getElementById('errors');
  if (pre) pre.textContent += text + '\n';
  else document.addEventListener('DOMContentLoaded', () => noteError(text), { once: true });
}
window.addEventListener('error', e => noteError('error: ' + e.message));
window.addEventListener('unhandledrejection', e => noteError('error: ' + (e.reason && e.reason.message || e.reason)));
