// The board, drawn the same way on explore's replay page and on make serve's page (with
// explore/board.css): 81 cells in a grid, each `cell rR cC`, plus `given` (a digit of the
// puzzle), `placed` (a digit the search wrote), and one mark of the page's (`now`, `cleared`,
// `wrong`). A plain script, not a module, so that explore's generator can put it inline in its
// self-contained page; it defines one name, SudokuBoard.
"use strict";
const SudokuBoard = (() => {
  // A board in any form the pages hold: LeetCode's array (or its JSON text), or an 81-character line.
  function cellsOf(board) {
    if (typeof board === 'string') board = board.trim().startsWith('[') ? JSON.parse(board) : board;
    if (typeof board === 'string') return board.split('');
    return board.flat().map(String);
  }

  // The class of cell i holding `ch`, `given` its puzzle's symbol there, `mark` '' or a mark's name.
  function cellClass(i, ch, given, mark) {
    const kind = given !== '.' && given === ch ? ' given' : ch !== '.' ? ' placed' : '';
    return `cell r${Math.floor(i / 9)} c${i % 9}${kind}${mark ? ' ' + mark : ''}`;
  }

  // A board's element, filled: `puzzle` tells the givens (default: the board itself), `marks` maps a
  // cell's index to its mark. Null when the board is not 81 cells.
  function element(board, puzzle, marks) {
    const cells = cellsOf(board), given = puzzle ? cellsOf(puzzle) : cells;
    if (cells.length !== 81) return null;
    const div = document.createElement('div');
    div.className = 'board';
    const spans = make(div);
    paint(spans, given, cells, marks || new Map());
    return div;
  }

  // 81 empty cells, appended to `div` (a .board), for paint to fill again and again.
  function make(div) {
    return Array.from({ length: 81 }, () => div.appendChild(document.createElement('span')));
  }

  // Fills the cells: `given` and `board` are arrays (or strings) of 81 symbols, '.' empty.
  function paint(spans, given, board, marks) {
    spans.forEach((span, i) => {
      span.textContent = board[i] === '.' ? '' : board[i];
      span.className = cellClass(i, board[i], given[i], marks.get(i) || '');
    });
  }

  return { cellsOf, element, make, paint };
})();
