// What the page does for those who use it from the keyboard or hear it through a screen reader,
// beside what each part does itself (the tabs' arrow keys in tabs.js, the editor's way out in
// editor.js): a sentence said as it happens (#announce, a polite live region), and every box the
// page draws with scrolled content (a code, a trace, a wide table) reachable by Tab, so that the
// keyboard can scroll it (axe-core's scrollable-region-focusable).
import { $, L, t } from './labels.js';

// Says `text` through #announce; the same words again are said again.
export function announce(text) {
  const region = $('announce');
  region.textContent = '';
  requestAnimationFrame(() => { region.textContent = text; });
}

// The verdict the pane shows, in its words, with its testcases passed.
export function announceVerdict() {
  const verdict = $('verdict'), passed = $('passed');
  if (verdict) announce(L.announceVerdict(verdict.textContent, passed ? passed.textContent : ''));
  else if ($('head')) announce($('head').textContent.trim().split('\n')[0]);
}

export const announceReplay = () => announce(t('replayShown'));

// The boxes that scroll (page.css: overflow auto): each a stop of the keyboard's, as it is drawn.
const SCROLLED = 'pre.out, pre.code, pre.diff, .scroll';

function reachable(root) {
  if (root.matches?.(SCROLLED) && !root.hasAttribute('tabindex')) root.tabIndex = 0;
  for (const box of root.querySelectorAll?.(SCROLLED) || []) if (!box.hasAttribute('tabindex')) box.tabIndex = 0;
}

export function keepScrolledBoxesReachable() {
  reachable(document.body);
  new MutationObserver(changes => {
    for (const change of changes) for (const node of change.addedNodes) if (node.nodeType === 1) reachable(node);
  }).observe(document.body, { childList: true, subtree: true });
}
