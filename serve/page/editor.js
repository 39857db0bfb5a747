// The editor: Debian's CodeMirror 5 on #code (C++ highlighting, line numbers, bracket matching
// and closing, indentation), or, when CodeMirror is not installed, #code itself, a plain text
// area with Tab, Shift-Tab and Enter's indent. Either way #code's value is the code: an edit in
// the editor sets it, and setting it then firing `input` sets what the editor shows (as a test
// types). A compile error's lines and a runtime error's line are marked: the line's class
// (compile-error, runtime-error), the message under it, a marker in the gutter. The editor
// follows the page's theme (theme.js) with CodeMirror's own themes, and lets the keyboard out:
// Tab indents, but Esc then Tab (or Shift-Tab) moves the focus on, as CodeMirror 6 does.
import { $, L, esc } from './labels.js';

// CodeMirror's theme for each of the page's (Debian's theme/blackboard.css, served by files.cpp):
// each of its colours passes WCAG AA's contrast on its background.
const CODE_THEMES = { light: 'default', dark: 'blackboard' };
const codeTheme = () => CODE_THEMES[document.documentElement.dataset.theme] || 'default';

// Tab and Shift-Tab indent in the editor, `element`; after Esc, the next one is the browser's
// again, and moves the focus on (the editor's own handlers never see it).
function escapeFromTab(element) {
  let leaving = false;
  element.addEventListener('keydown', e => {
    if (e.key === 'Escape') leaving = true;
    else if (e.key === 'Tab' && leaving) e.stopImmediatePropagation();
    else if (!['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) leaving = false;
  }, true);
  element.addEventListener('focusout', () => { leaving = false; });
}

// {line (1-based), message} of each line a compiler's message names as an error in solution.cpp.
export function compileErrorLines(message) {
  const marks = [];
  for (const m of String(message || '').matchAll(/^(?:.*\/)?solution\.cpp:(\d+):(\d+): (?:fatal )?error: (.*)$/gm))
    marks.push({ line: Number(m[1]), column: Number(m[2]), message: 'error: ' + m[3], kind: 'compile-error' });
  return marks;
}

// {line, message} of each line of solution.cpp a runtime error's trace names (a sanitizer's
// "solution.cpp:15:47: runtime error: ...", an ASan frame "... /box/solution.cpp:5:29").
export function runtimeErrorLines(trace) {
  const marks = [];
  for (const text of String(trace || '').split('\n')) {
    if (/^\s*SUMMARY:/.test(text)) continue;  // the sanitizer's summary repeats the line its report named
    const m = text.match(/(?:^|[\s/(])solution\.cpp:(\d+):(\d+)(?::\s*(.*))?/);
    if (m) marks.push({ line: Number(m[1]), column: Number(m[2]), message: (m[3] || text).trim(), kind: 'runtime-error' });
  }
  return marks;
}

export function makeEditor(code, { onChange }) {
  return window.CodeMirror ? codeMirror(code, onChange) : plainTextArea(code, onChange);
}

function codeMirror(code, onChange) {
  let annotations = [], marked = [];
  const cm = CodeMirror.fromTextArea(code, {
    mode: 'text/x-c++src', lineNumbers: true, matchBrackets: true, autoCloseBrackets: true, styleActiveLine: true,
    indentUnit: 4, tabSize: 4, indentWithTabs: false, viewportMargin: 50, theme: codeTheme(),
    // contenteditable: what CodeMirror offers screen readers, its text inside its scrolled box.
    inputStyle: 'contenteditable', screenReaderLabel: L.codeLabel,
    gutters: ['CodeMirror-linenumbers', 'CodeMirror-lint-markers'],
    lint: { getAnnotations: () => annotations, lintOnChange: false },
    extraKeys: {
      Tab: c => c.somethingSelected() ? c.indentSelection('add') : c.execCommand('insertSoftTab'),
      'Shift-Tab': 'indentLess',
    },
  });
  escapeFromTab(cm.getWrapperElement());
  cm.getInputField().setAttribute('aria-describedby', 'editorKeys');
  document.addEventListener('themechange', () => cm.setOption('theme', codeTheme()));
  cm.on('changes', () => {
    if (code.value !== cm.getValue()) code.value = cm.getValue();
    onChange(code.value);
  });
  code.addEventListener('input', () => { if (cm.getValue() !== code.value) cm.setValue(code.value); });

  function clearMarks() {
    for (const m of marked) m.widget ? m.widget.clear() : cm.removeLineClass(m.handle, 'wrap', m.kind);
    marked = [];
    annotations = [];
    cm.performLint();
  }

  // Each mark's line: its classes (a line a runtime error names twice, where the memory was
  // freed and where it failed, has both), its messages under it, a marker in the gutter.
  function mark(marks) {
    const byLine = new Map();
    for (const m of marks) {
      if (m.line < 1 || m.line > cm.lineCount()) continue;
      const at = byLine.get(m.line) || { ...m, messages: [], kinds: [] };
      if (!at.messages.includes(m.message)) at.messages.push(m.message);
      if (!at.kinds.includes(m.kind)) at.kinds.push(m.kind);
      byLine.set(m.line, at);
    }
    for (const m of byLine.values()) {
      for (const kind of m.kinds) marked.push({ handle: cm.addLineClass(m.line - 1, 'wrap', kind), kind });
      const handle = cm.getLineHandle(m.line - 1);
      const div = document.createElement('div');
      div.className = `line-message ${m.kinds.join(' ')}`;
      div.textContent = m.messages.join('\n');
      marked.push({ widget: cm.addLineWidget(handle, div, { coverGutter: false, noHScroll: true }) });
      annotations.push({ from: CodeMirror.Pos(m.line - 1, Math.max(0, m.column - 1)), to: CodeMirror.Pos(m.line - 1, m.column),
                         message: m.messages.join('\n'), severity: m.kind === 'compile-error' ? 'error' : 'warning' });
    }
    cm.performLint();
    const first = [...byLine.keys()].sort((a, b) => a - b)[0];
    if (first) cm.scrollIntoView({ line: first - 1, ch: 0 }, 80);
  }
  return { kind: 'codemirror', cm, mark, clearMarks, refresh: () => cm.refresh(), goTo: line => goToLine(cm, line) };
}

// The cursor at the start of `line` (1-based), the line in view, the editor focused.
function goToLine(cm, line) {
  const at = { line: Math.min(Math.max(line, 1), cm.lineCount()) - 1, ch: 0 };
  cm.setCursor(at);
  cm.scrollIntoView(at, 80);
  cm.focus();
}

// Without CodeMirror: the text area, Tab and Shift-Tab indent, Enter keeps the indent (and adds
// one after '{'); the marked lines listed under it.
function plainTextArea(code, onChange) {
  const note = $('editorNote');
  note.hidden = false;
  note.textContent = L.noCodeMirror;
  const list = document.createElement('div');
  list.id = 'lineMarks';
  code.after(list);
  function replaceSelection(text, selectFrom, selectTo) {
    code.setRangeText(text, code.selectionStart, code.selectionEnd, 'end');
    if (selectFrom !== undefined) code.setSelectionRange(selectFrom, selectTo);
    code.dispatchEvent(new Event('input'));
  }
  escapeFromTab(code);
  code.addEventListener('keydown', e => {
    const v = code.value, s = code.selectionStart, end = code.selectionEnd;
    const lineStart = v.lastIndexOf('\n', s - 1) + 1;
    if (e.key === 'Tab') {
      e.preventDefault();
      if (s === end && !e.shiftKey) return replaceSelection('    ');
      const blockEnd = v.indexOf('\n', end - (end > s && v[end - 1] === '\n' ? 1 : 0));
      const to = blockEnd < 0 ? v.length : blockEnd;
      const lines = v.slice(lineStart, to).split('\n');
      const changed = lines.map(l => e.shiftKey ? l.replace(/^ {1,4}|^\t/, '') : '    ' + l).join('\n');
      code.setSelectionRange(lineStart, to);
      replaceSelection(changed, lineStart, lineStart + changed.length);
    } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const indent = v.slice(lineStart, s).match(/^[ \t]*/)[0];
      const opens = /\{\s*$/.test(v.slice(lineStart, s));
      const closes = opens && /^\s*\}/.test(v.slice(end));
      if (closes) {
        replaceSelection('\n' + indent + '    ' + '\n' + indent);
        const at = s + 1 + indent.length + 4;
        code.setSelectionRange(at, at);
      } else replaceSelection('\n' + indent + (opens ? '    ' : ''));
    }
  });
  code.addEventListener('input', () => onChange(code.value));
  return {
    kind: 'textarea',
    mark: marks => {  // a line and message once, whatever classes its role gives it
      const once = marks.filter((m, i) => marks.findIndex(n => n.line === m.line && n.message === m.message) === i);
      list.innerHTML = once.map(m => `<div class="line-message ${m.kind}">${esc(L.errorAt(m.line))}: ${esc(m.message)}</div>`).join('');
    },
    clearMarks: () => { list.innerHTML = ''; },
    refresh: () => {},
    goTo: line => {  // the caret at the line's start
      const lines = code.value.split('\n').slice(0, Math.max(line, 1) - 1);
      const at = lines.reduce((n, l) => n + l.length + 1, 0);
      code.focus();
      code.setSelectionRange(at, at);
    },
  };
}

// C++ (or a diff) highlighted into `pre`, by CodeMirror's runMode, in the theme's colours; plain
// text without it.
export function highlight(text, mode, pre) {
  if (window.CodeMirror && CodeMirror.runMode) CodeMirror.runMode(text, mode, pre);
  else pre.textContent = text;
  pre.classList.add('highlighted', 'cm-s-' + codeTheme());
}
document.addEventListener('themechange', () => {
  for (const pre of document.querySelectorAll('pre.highlighted')) {
    for (const name of Object.values(CODE_THEMES)) pre.classList.remove('cm-s-' + name);
    pre.classList.add('cm-s-' + codeTheme());
  }
});
