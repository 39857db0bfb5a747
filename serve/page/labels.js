// The page's words, in one table: LeetCode.com's and leetcode.cn's, chosen by the server's lang
// (the user's JUDGE_LANG, LANGUAGE, LANG..., as the terminal's judge is). These are the frame's
// words only: every sentence of the judge's own is drawn with said(), in the page's language.
export const CONFIG = JSON.parse(document.getElementById('config').textContent);

export const LABELS = {
  en: {
    'Accepted': 'Accepted', 'Wrong Answer': 'Wrong Answer', 'Time Limit Exceeded': 'Time Limit Exceeded',
    'Memory Limit Exceeded': 'Memory Limit Exceeded', 'Output Limit Exceeded': 'Output Limit Exceeded',
    'Runtime Error': 'Runtime Error', 'Compile Error': 'Compile Error', 'Skipped': 'Skipped',
    runtime: 'Runtime', memory: 'Memory', input: 'Input', output: 'Output', expected: 'Expected', stdout: 'Stdout',
    lastInput: 'Last Executed Input', passed: 'testcases passed', run: 'Run', submit: 'Submit', stop: 'Stop',
    replay: 'Replay your search', caseLabel: 'Testcase for Run (any form the judge reads; empty: the example)',
    hint: 'offline: your code is judged by this repository\'s judge, in its sandbox',
    keys: 'Ctrl-\' runs, Ctrl-Enter submits',
    queued: n => `Waiting: ${n} ahead of you`, judging: 'Judging…', running: 'Running…', stopped: 'Stopped',
    progress: (s, d, t) => `running ${s}: ${d} / ${t}`, medianPerCase: 'median per case', maxCase: 'slowest case',
    peak: 'peak of a case', stress: 'Beyond LeetCode: the stress tiers', set: 'set', verdictCol: 'verdict',
    limit: 'limit ms', median: 'median us', max: 'max us', tle: 'TLE risk', smallest: 'The smallest failing puzzle',
    runIt: 'Run this case', state: 'State between calls', standing: 'Your standing', measuring: 'Measuring your standing…',
    debug: 'Step through it in gdb', copy: 'Copy', copied: 'Copied', valid: 'Valid: Output is a solution of Input',
    invalid: 'Not valid', yours: 'your file', done: 'Done', busy: 'Busy', reason: 'Why',
    standingNote: 'CPU time per case beside the reading path\'s steps: your time (geometric mean over the sets timed) times each one\'s time / yours on the sets it was timed on; log scale',
    saveAs: 'Save your code as solution.cpp in the repository\'s root first.',
    noReplay: 'Replay is not available: ', caseResult: 'Case',
    emptyCells: n => n === 1 ? '1 empty cell' : `${n} empty cells`, asPrinted: 'as the terminal prints it',
    nearLimit: (set, c, used, limit, pct) => `${set} case ${c}: ${used} ms of ${limit} ms (${pct}%)`,
    stateSentence: (set, c, after) => `${set} case ${c} passes alone and fails after case ${after}: ` +
      'something your Solution keeps between calls (a global, a static) is not reset.',
    step: n => `step ${n}`, sanitizer: 'What the sanitizer said',
    noCodeMirror: 'CodeMirror is not installed (Debian\'s libjs-codemirror): the editor is a plain text area, without highlighting or marked lines.',
    errorAt: n => `line ${n}`,
    // A runtime error's story (runtime.js): its headings; its roles are the judge's sentences.
    runtimeReport: 'The report', runtimeLines: 'Your lines in it',
    runtimeWhole: 'The whole report, every line as it was written', goToLine: n => `Line ${n}: show it in the editor`,
    // The tabs and the Editorial.
    tabDescription: 'Description', tabEditorial: 'Editorial', loading: 'Loading…',
    editorialIntro: 'The reading path of solutions/README.md: each step adds one idea. Each file: its idea (its opening comment), its code, what changed from the step before, and its time.',
    putInEditor: 'Put in the editor', replayIt: 'Replay its search', showCode: 'Code', diffFrom: f => `Changes from ${f}`,
    noDiff: 'The first step: nothing before it.', timesCaption: file => `us per case (${file})`,
    measuredBy: file => `Times from ${file}: `, ladder: 'ladder puzzle',
    putDone: f => `${f} is in the editor; Ctrl-Z brings your code back`,
    noEditorial: 'The Editorial cannot be shown: ',
    // The Submissions tab (history/README.md).
    tabSubmissions: 'Submissions', statusCol: 'Status', load: 'Load', loadTitle: 'Put this code into the editor',
    compare: 'Compare the two chosen', chooseTwo: 'Choose two to compare', interrupted: 'interrupted',
    interruptedNote: 'This judgement was interrupted: the pane shows what the judge had found.',
    noSubmission: 'No submission yet: Run, Submit or make judge SOLUTION=f.cpp keeps one here.',
    historyOff: 'The history cannot be read:', submissionTitle: n => `Submission #${n}`,
    keptIn: (n, path) => `${n} kept in ${path}`,
    // The theme, and the words a screen reader or the keyboard needs (access.js).
    theme: 'Theme', themeSystem: 'System', themeLight: 'Light', themeDark: 'Dark', codeLabel: 'Code',
    editorKeys: 'In the editor, Tab indents: press Esc, then Tab, to move on.',
    chooseOne: n => `Choose #${n} to compare`, openTitle: n => `Open submission #${n}`, choose: 'Choose',
    replayFrame: 'The replay of the search', replayShown: 'The replay is shown under the editor.',
    announceVerdict: (verdict, passed) => passed ? `${verdict}, ${passed}` : verdict,
  },
  zh: {
    'Accepted': '通过', 'Wrong Answer': '解答错误', 'Time Limit Exceeded': '超出时间限制',
    'Memory Limit Exceeded': '超出内存限制', 'Output Limit Exceeded': '超出输出限制',
    'Runtime Error': '执行出错', 'Compile Error': '编译出错', 'Skipped': '跳过',
    runtime: '执行用时', memory: '内存消耗', input: '输入', output: '输出', expected: '预期结果', stdout: '标准输出',
    lastInput: '最后执行的输入', passed: '通过的测试用例', run: '执行代码', submit: '提交', stop: '停止',
    replay: '回放你的搜索', caseLabel: '自定义测试用例（判题程序能读的任何格式；留空：示例）',
    hint: '离线：由本仓库的判题程序在沙箱中评测你的代码',
    keys: 'Ctrl-\' 执行，Ctrl-Enter 提交',
    queued: n => `排队中：前面还有 ${n} 个`, judging: '评测中…', running: '执行中…', stopped: '已停止',
    progress: (s, d, t) => `正在运行 ${s}：${d} / ${t}`, medianPerCase: '每个用例的中位数', maxCase: '最慢的用例',
    peak: '单个用例的峰值', stress: 'LeetCode 之外：压力测试', set: '测试集', verdictCol: '结果',
    limit: '限制 ms', median: '中位数 us', max: '最大 us', tle: '超时风险', smallest: '最小的失败谜题',
    runIt: '执行这个用例', state: '两次调用之间的状态', standing: '你的排名', measuring: '正在测量你的排名…',
    debug: '在 gdb 中单步调试', copy: '复制', copied: '已复制', valid: '有效：输出是输入的一个解',
    invalid: '无效', yours: '你的代码', done: '完成', busy: '忙', reason: '原因',
    standingNote: '每个用例的 CPU 时间，与阅读路线的各步并列（所测测试集的几何平均；对数刻度）',
    saveAs: '先把你的代码保存为仓库根目录下的 solution.cpp。',
    noReplay: '无法回放：', caseResult: '用例',
    emptyCells: n => `${n} 个空格`, asPrinted: '终端中的输出',
    nearLimit: (set, c, used, limit, pct) => `${set} 第 ${c} 个用例：${used} ms，限制 ${limit} ms（${pct}%）`,
    stateSentence: (set, c, after) => `${set} 第 ${c} 个用例单独运行时通过，在第 ${after} 个用例之后运行时失败：` +
      '你的 Solution 在两次调用之间保留了某些状态（全局变量、静态变量），没有重置。',
    step: n => `第 ${n} 步`, sanitizer: '检测工具（sanitizer）的输出',
    noCodeMirror: '未安装 CodeMirror（Debian 的 libjs-codemirror）：编辑器是普通文本框，没有语法高亮，也不会标出出错的行。',
    errorAt: n => `第 ${n} 行`,
    runtimeReport: '报告', runtimeLines: '报告中你的代码行',
    runtimeWhole: '完整的报告，每一行都与原文相同', goToLine: n => `第 ${n} 行：在编辑器中查看`,
    tabDescription: '题目描述', tabEditorial: '题解', loading: '加载中…',
    editorialIntro: 'solutions/README.zh-CN.md 的阅读路径：每一步加入一个想法。每个文件：它的想法（开头的注释）、代码、与上一步相比的改动，以及用时。',
    putInEditor: '放入编辑器', replayIt: '回放它的搜索', showCode: '代码', diffFrom: f => `与 ${f} 相比的改动`,
    noDiff: '第一步：之前没有别的文件。', timesCaption: file => `每个用例的微秒数（${file}）`,
    measuredBy: file => `用时取自 ${file}：`, ladder: '阶梯谜题',
    putDone: f => `${f} 已放入编辑器；Ctrl-Z 可恢复你的代码`,
    noEditorial: '无法显示题解：',
    tabSubmissions: '提交记录', statusCol: '状态', load: '载入', loadTitle: '把这份代码放进编辑器',
    compare: '比较所选的两条', chooseTwo: '选两条来比较', interrupted: '已中断',
    interruptedNote: '这次评测被中断了：面板显示的是判题器当时已得出的结果。',
    noSubmission: '还没有提交记录：执行代码、提交或 make judge SOLUTION=f.cpp 都会在这里记下一条。',
    historyOff: '无法读取提交记录：', submissionTitle: n => `提交记录 #${n}`,
    keptIn: (n, path) => `共 ${n} 条，保存在 ${path}`,
    theme: '主题', themeSystem: '跟随系统', themeLight: '浅色', themeDark: '深色', codeLabel: '代码',
    editorKeys: '在编辑器中，Tab 用于缩进：先按 Esc，再按 Tab，即可移到下一个控件。',
    chooseOne: n => `选择 #${n} 来比较`, openTitle: n => `打开提交记录 #${n}`, choose: '选择',
    replayFrame: '搜索过程的回放', replayShown: '回放显示在编辑器下方。',
    announceVerdict: (verdict, passed) => passed ? `${verdict}，${passed}` : verdict,
  },
};

export const L = LABELS[CONFIG.lang] || LABELS.en;
export const t = key => (key in L ? L[key] : key);

// A sentence of the judge's, in the page's language: the judge keeps each as message ids, and the
// server shows them in this page's language before they arrive (messages/README.md), whichever
// language a kept submission was judged in.
export const said = (obj, key) => obj?.[key];

export const esc = s => String(s ?? '').replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
export const $ = id => document.getElementById(id);

export const PROBLEM = {
  en: `<h2>37. Sudoku Solver</h2>
    <p>Write a program that solves a Sudoku puzzle by filling the empty cells, in place.</p>
    <p>A solution keeps every digit it was given, and puts the digits <b>1-9</b> once each in every
    <b>row</b>, every <b>column</b> and every one of the nine <b>3x3 boxes</b>. An empty cell is <code>'.'</code>.</p>
    <h3>Example</h3><div class="boards" id="exampleBoards"></div>
    <pre id="exampleText"></pre>
    <h3>Constraints</h3>
    <ul><li><code>board.length == 9</code>, <code>board[i].length == 9</code></li>
    <li><code>board[i][j]</code> is a digit or <code>'.'</code></li>
    <li>The puzzle has exactly one solution.</li></ul>`,
  zh: `<h2>37. 解数独</h2>
    <p>编写一个程序，通过填充空格来解决数独问题（原地修改）。</p>
    <p>解保留所有给定的数字，并且数字 <b>1-9</b> 在每一<b>行</b>、每一<b>列</b>、每一个 <b>3x3 宫</b>内只能出现一次。空白格用 <code>'.'</code> 表示。</p>
    <h3>示例</h3><div class="boards" id="exampleBoards"></div>
    <pre id="exampleText"></pre>
    <h3>提示</h3>
    <ul><li><code>board.length == 9</code>，<code>board[i].length == 9</code></li>
    <li><code>board[i][j]</code> 是一位数字或者 <code>'.'</code></li>
    <li>题目数据保证输入数独仅有一个解</li></ul>`,
};
