/* Sieve trace replay. Reads the trace and the view from the two JSON script
   elements, rebuilds the state at any step, and draws it. Comments use the block
   form only: the page must not contain a double slash. */
(function () {
  'use strict';

  const trace = JSON.parse(document.getElementById('trace-data').textContent);
  const view = JSON.parse(document.getElementById('view-data').textContent);
  const hintsElement = document.getElementById('hints-data');
  const hintData = hintsElement ? JSON.parse(hintsElement.textContent) : null;
  const events = unpack(trace);
  const lastStep = events.length - 1;
  const varCount = trace.variables.length;
  let width = 1;
  trace.sizes.forEach((size) => { if (size > width) { width = size; } });

  /* The numbers of the packed codes: five bits a character, lowest first, the
     sixth set while more follow; then the sign, zig-zagged (see
     replay/src/pack.rs). */
  function readNumbers(text) {
    const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const valueOf = new Int8Array(128);
    for (let index = 0; index < 64; index += 1) { valueOf[digits.charCodeAt(index)] = index; }
    const numbers = [];
    let number = 0;
    let shift = 1;
    for (let index = 0; index < text.length; index += 1) {
      const digit = valueOf[text.charCodeAt(index)];
      number += (digit & 31) * shift;
      if (digit & 32) {
        shift *= 32;
      } else {
        numbers.push(number % 2 === 0 ? number / 2 : -(number + 1) / 2);
        number = 0;
        shift = 1;
      }
    }
    return numbers;
  }

  /* The packed events (see replay/src/pack.rs and docs/trace-format.md) read back
     as one object per event, with the fields of the JSON trace. */
  function unpack(packed) {
    const kinds = ['wake', 'run', 'change', 'branch', 'conflict', 'backtrack', 'solution'];
    const relations = ['is', 'is_not', 'at_least', 'at_most'];
    const codes = readNumbers(packed.codes);
    const out = new Array(packed.events);
    let at = 0;
    const next = () => codes[at++];
    const list = () => {
      const count = next();
      const items = codes.slice(at, at + count);
      at += count;
      return items;
    };
    for (let step = 0; step < packed.events; step += 1) {
      const event = { step: step, kind: kinds[next()], depth: next() };
      switch (event.kind) {
        case 'wake':
        case 'run':
          event.rule = next();
          break;
        case 'change': {
          const rule = next();
          if (rule > 0) { event.rule = rule - 1; }
          event.var = next();
          event.inference = packed.strings[next()];
          const text = next();
          if (text > 0) { event.text = packed.strings[text - 1]; }
          event.removed = list();
          event.cause = list();
          const facts = next();
          event.facts = [];
          for (let fact = 0; fact < facts; fact += 1) {
            event.facts.push({ var: next(), relation: relations[next()], value: next() });
          }
          break;
        }
        case 'branch':
          event.var = next();
          event.value = next();
          event.equal = next() === 1;
          break;
        case 'conflict': {
          const rule = next();
          const v = next();
          if (rule > 0) { event.rule = rule - 1; }
          if (v > 0) { event.var = v - 1; }
          event.inference = packed.strings[next()];
          break;
        }
        case 'solution':
          event.values = codes.slice(at, at + packed.variables.length);
          at += packed.variables.length;
          break;
        default:
          break;
      }
      out[step] = event;
    }
    return out;
  }

  /* Each rule's scope (the variables it watches), packed as gaps (see
     replay/src/pack.rs); empty for a trace that does not record scopes. */
  function unpackScopes(packed) {
    const numbers = readNumbers(packed.scopes || '');
    const out = packed.rules.map(() => []);
    let at = 0;
    for (let rule = 0; rule < out.length && at < numbers.length; rule += 1) {
      const count = numbers[at++];
      let var_ = 0;
      for (let index = 0; index < count; index += 1) {
        var_ += numbers[at++];
        out[rule].push(var_);
      }
    }
    return out;
  }
  const scopes = unpackScopes(trace);

  /* The weakest-tier hints (see replay/src/hints.rs): runs of places, place 0
     the start and place s + 1 step s, each with its hint index + 1 (0: none
     computed). `starts` and `which` hold each run's first place and hint. */
  const hintRuns = (function () {
    const runs = { starts: [], which: [] };
    if (!hintData) { return runs; }
    const numbers = readNumbers(hintData.runs);
    let place = 0;
    for (let at = 0; at + 1 < numbers.length; at += 2) {
      place += numbers[at];
      runs.starts.push(place);
      runs.which.push(numbers[at + 1] - 1);
    }
    return runs;
  }());

  /* The hints themselves, read back from their packed numbers (see
     replay/src/hints.rs): one object a hint, with the fields of a Hint. */
  const hintTable = (function () {
    if (!hintData) { return []; }
    const numbers = readNumbers(hintData.hints);
    const strings = hintData.strings;
    const scopeNumbers = readNumbers(hintData.scopes);
    let at = 0;
    const next = () => numbers[at++];
    const gaps = (source, from) => {
      let place = from;
      const count = source[place++];
      const vars = [];
      let v = 0;
      for (let index = 0; index < count; index += 1) { v += source[place++]; vars.push(v); }
      return { vars: vars, end: place };
    };
    const hintScopes = [];
    for (let place = 0; place < scopeNumbers.length;) {
      const read = gaps(scopeNumbers, place);
      hintScopes.push(read.vars);
      place = read.end;
    }
    const list = () => { const read = gaps(numbers, at); at = read.end; return read.vars; };
    const parts = () => {
      const count = next();
      const out = [];
      for (let index = 0; index < count; index += 1) { out.push(strings[next()]); }
      return out.join('; ');
    };
    const kinds = ['step', 'stuck', 'solved', 'contradiction'];
    const table = [];
    for (let index = 0; index < hintData.count; index += 1) {
      const kind = kinds[next()];
      if (kind !== 'step') {
        table.push({ kind: kind, message: strings[next()] });
        continue;
      }
      const hint = { kind: kind, tier: strings[next()], rule: strings[next()], inference: strings[next()], because: strings[next()] };
      hint.effect = parts();
      hint.text = parts();
      hint.changed = list();
      hint.uses = list();
      hint.scope = hintScopes[next()] || [];
      table.push(hint);
    }
    return table;
  }());

  /* The hint of the state after `step` (-1: the start), or null. */
  function hintAt(step) {
    const place = step + 1;
    let low = 0;
    let high = hintRuns.starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (hintRuns.starts[middle] <= place) { low = middle + 1; } else { high = middle; }
    }
    const index = low > 0 ? hintRuns.which[low - 1] : -1;
    return index >= 0 ? hintTable[index] : null;
  }

  /* The root pass: the engine queues every rule before its first propagation,
     so a rule that runs there without a wake was pending from the start. Those
     rules, in the order they ran, are the queue before step 0. */
  const initialQueue = (function () {
    const seen = new Uint8Array(trace.rules.length);
    const queue = [];
    for (let step = 0; step < events.length; step += 1) {
      const event = events[step];
      if (event.kind !== 'wake' && event.kind !== 'run' && event.kind !== 'change') { break; }
      if (event.kind === 'wake') { seen[event.rule] = 1; }
      if (event.kind === 'run' && !seen[event.rule]) {
        seen[event.rule] = 1;
        queue.push(event.rule);
      }
    }
    return queue;
  }());

  const byId = (id) => document.getElementById(id);
  const label = (value) => (value >= 0 && value < trace.labels.length ? trace.labels[value] : String(value));
  /* Where a value of variable v sits in the state: its place in v's own range. */
  const slot = (v, value) => v * width + value - trace.firsts[v];
  const ruleName = (rule) => trace.rules[rule];
  const varName = (v) => trace.variables[v];

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  /* ---- Replaying: one state copy per depth (see docs/trace-format.md). ---- */

  const startState = new Uint8Array(varCount * width);
  trace.start.forEach((values, v) => values.forEach((value) => { startState[slot(v, value)] = 1; }));

  const replay = { stack: [], applied: 0, running: null, decided: false, queue: [], runChanged: [] };

  /* Checkpoints: the whole replay every CHECKPOINT events, so that a jump replays
     at most that many events from the nearest one before it. A checkpoint keeps
     the state copies themselves, marked shared; a copy is cloned before it is
     next written, so checkpoints cost only the copies that differ. */
  const CHECKPOINT = 256;
  const checkpoints = [];
  const shared = new WeakSet();

  function resetReplay() {
    replay.stack = [startState];
    shared.add(startState);
    replay.applied = 0;
    endPropagation();
    replay.queue = initialQueue.slice();
  }

  function saveCheckpoint() {
    replay.stack.forEach((state) => shared.add(state));
    checkpoints[replay.applied / CHECKPOINT] = {
      stack: replay.stack.slice(), applied: replay.applied, running: replay.running,
      decided: replay.decided, queue: replay.queue.slice(), runChanged: replay.runChanged.slice(),
    };
  }

  function restore(checkpoint) {
    replay.stack = checkpoint.stack.slice();
    replay.applied = checkpoint.applied;
    replay.running = checkpoint.running;
    replay.decided = checkpoint.decided;
    replay.queue = checkpoint.queue.slice();
    replay.runChanged = checkpoint.runChanged.slice();
  }

  function top() { return replay.stack[replay.stack.length - 1]; }

  /* The top copy, cloned first if a checkpoint holds it. */
  function writableTop() {
    const state = top();
    if (!shared.has(state)) { return state; }
    const own = state.slice();
    replay.stack[replay.stack.length - 1] = own;
    return own;
  }

  /* Make the copy at `depth` the top: drop deeper copies (a backtrack returns to
     the copy saved at that depth), or copy the top downwards if it is missing. */
  function alignDepth(depth) {
    if (replay.stack.length > depth + 1) { replay.stack.length = depth + 1; }
    while (replay.stack.length < depth + 1) { replay.stack.push(top().slice()); }
  }

  function endPropagation() {
    replay.queue = [];
    replay.running = null;
    replay.decided = false;
    replay.runChanged = [];
  }

  /* A change by a rule other than the one running starts a new run. The queue is
     first in, first out, so the rules ahead of it ran without changing anything. */
  function startRun(rule, exact) {
    const at = replay.queue.indexOf(rule);
    /* A `run` event names the rule taken off the queue exactly; without one, the
       rules woken before it are taken to have run and changed nothing. */
    if (exact) {
      if (at >= 0) { replay.queue.splice(at, 1); }
    } else if (at >= 0) { replay.queue.splice(0, at + 1); }
    replay.running = rule;
    replay.decided = false;
    replay.runChanged = [];
  }

  function applyChange(event) {
    alignDepth(event.depth);
    if (event.rule === undefined) {
      endPropagation();
      replay.decided = true;
    } else if (event.rule !== replay.running) {
      startRun(event.rule, false);
    }
    const state = writableTop();
    (event.removed || []).forEach((value) => { state[slot(event.var, value)] = 0; });
    replay.runChanged.push(event.var);
  }

  function apply(event) {
    switch (event.kind) {
      case 'wake':
        if (replay.queue.indexOf(event.rule) < 0) { replay.queue.push(event.rule); }
        break;
      case 'run':
        alignDepth(event.depth);
        startRun(event.rule, true);
        break;
      case 'change':
        applyChange(event);
        break;
      case 'branch':
        if (event.equal) {
          alignDepth(event.depth - 1);
          replay.stack.push(top().slice());
        } else {
          alignDepth(event.depth);
        }
        endPropagation();
        break;
      case 'conflict':
        alignDepth(event.depth);
        endPropagation();
        if (event.rule !== undefined) { replay.running = event.rule; }
        break;
      case 'backtrack':
      case 'solution':
        alignDepth(event.depth);
        endPropagation();
        break;
      default:
        break;
    }
    replay.applied += 1;
    if (replay.applied % CHECKPOINT === 0 && !checkpoints[replay.applied / CHECKPOINT]) {
      saveCheckpoint();
    }
  }

  /* Bring the replay to `step` (-1 is the start): forward from here when that is
     near, else from the last checkpoint at or before it. */
  function replayTo(step) {
    const wanted = step + 1;
    if (wanted < replay.applied || wanted - replay.applied > CHECKPOINT) {
      let index = Math.min(Math.floor(wanted / CHECKPOINT), checkpoints.length - 1);
      while (index > 0 && !checkpoints[index]) { index -= 1; }
      const checkpoint = index > 0 ? checkpoints[index] : null;
      if (wanted < replay.applied || (checkpoint && checkpoint.applied > replay.applied)) {
        if (checkpoint) { restore(checkpoint); } else { resetReplay(); }
      }
    }
    while (replay.applied < wanted) { apply(events[replay.applied]); }
  }

  function candidates(state, v) {
    const out = [];
    for (let value = trace.firsts[v]; value < trace.firsts[v] + trace.sizes[v]; value += 1) {
      if (state[slot(v, value)]) { out.push(value); }
    }
    return out;
  }

  /* ---- What the current event highlights. ---- */

  function highlights(event) {
    const marks = { changed: [], runChanged: replay.runChanged.slice(), cause: [], decision: [], conflict: [], removed: [], removedVar: -1, emptied: false, scope: [], inScope: new Set() };
    if (!event) { return marks; }
    if (event.rule !== undefined && event.kind !== 'wake') {
      marks.scope = scopes[event.rule];
      marks.inScope = new Set(marks.scope);
    }
    if (event.kind === 'change') {
      marks.changed = [event.var];
      marks.runChanged.pop();
      marks.cause = (event.cause || []).concat((event.facts || []).map(function (fact) { return fact.var; }));
      marks.removed = event.removed || [];
      marks.removedVar = event.var;
      if (event.rule === undefined) { marks.decision = [event.var]; }
    } else if (event.kind === 'branch') {
      marks.decision = [event.var];
    } else if (event.kind === 'conflict' && event.var !== undefined) {
      /* The rule found no value left for the variable: show it empty, the
         values it lost struck through. */
      marks.conflict = [event.var];
      marks.removedVar = event.var;
      marks.removed = candidates(top(), event.var);
      marks.emptied = true;
    } else if (event.kind === 'wake' && replay.decided) {
      marks.decision = marks.runChanged;
      marks.runChanged = [];
    }
    return marks;
  }

  /* What a shown hint outlines: the cells it changes, those its facts name,
     and its rule's cells, in place of the step's own marks. */
  function hintMarks(hint) {
    const marks = { changed: [], runChanged: [], cause: [], decision: [], conflict: [], removed: [], removedVar: -1, emptied: false, scope: [], inScope: new Set(), hintChanged: [], hintUses: [] };
    if (!hint || hint.kind !== 'step') { return marks; }
    marks.changed = hint.changed;
    marks.hintChanged = hint.changed;
    marks.cause = hint.uses;
    marks.hintUses = hint.uses;
    marks.scope = hint.scope;
    marks.inScope = new Set(hint.scope);
    return marks;
  }

  function classesOf(v, marks) {
    const names = [];
    if (marks.hintChanged && marks.hintChanged.indexOf(v) >= 0) { names.push('hint-changed'); }
    if (marks.hintUses && marks.hintUses.indexOf(v) >= 0) { names.push('hint-uses'); }
    if (marks.runChanged.indexOf(v) >= 0) { names.push('run-changed'); }
    if (marks.cause.indexOf(v) >= 0) { names.push('cause'); }
    if (marks.decision.indexOf(v) >= 0) { names.push('decision'); }
    if (marks.changed.indexOf(v) >= 0) { names.push('changed'); }
    if (marks.conflict.indexOf(v) >= 0) { names.push('conflict'); }
    if (marks.inScope.has(v)) { names.push('scope'); }
    if (v === selectedVar) { names.push('selected'); }
    return names;
  }

  function removedHere(v, marks) {
    return v === marks.removedVar ? marks.removed : [];
  }

  /* The candidates drawn for v: none for the variable a conflict emptied. */
  function shown(state, v, marks) {
    return marks.emptied && v === marks.removedVar ? [] : candidates(state, v);
  }

  /* Where each variable is drawn as a cell: [row, col] pairs, by variable. */
  const cellsOf = (function () {
    const map = new Map();
    const add = (v, r, c) => {
      if (!map.has(v)) { map.set(v, []); }
      map.get(v).push([r, c]);
    };
    if (view.kind === 'grid') { view.cells.forEach((v, index) => add(v, Math.floor(index / view.cols), index % view.cols)); }
    if (view.kind === 'board') { view.cells.forEach((cell) => add(cell.var, cell.row, cell.col)); }
    return map;
  }());

  /* The one row and the one column that hold every cell of a scope (-1 where
     the cells spread over several), so a clue beside that line can be marked. */
  function scopeLine(scope) {
    const line = { row: -1, col: -1 };
    const rows = new Set();
    const cols = new Set();
    scope.forEach((v) => (cellsOf.get(v) || []).forEach((at) => { rows.add(at[0]); cols.add(at[1]); }));
    if (rows.size === 1) { line.row = rows.values().next().value; }
    if (cols.size === 1) { line.col = cols.values().next().value; }
    return line;
  }

  /* ---- Drawing a grid of cells. ---- */

  function drawCellContent(cell, v, values, removed) {
    const size = trace.sizes[v];
    if (values.length === 1) {
      cell.appendChild(element('span', 'value', label(values[0])));
      return;
    }
    if (values.length === 0 && removed.length === 0) {
      cell.appendChild(element('span', 'empty-domain', '\u2205'));
      return;
    }
    const side = Math.ceil(Math.sqrt(size));
    const marks = element('div', 'marks');
    marks.style.gridTemplateColumns = 'repeat(' + side + ', 1fr)';
    /* A variable's values run from its first (1 for a magic square's cells). */
    const first = trace.firsts[v];
    for (let value = first; value < first + size; value += 1) {
      if (values.indexOf(value) >= 0) {
        marks.appendChild(element('span', 'mark', label(value)));
      } else if (removed.indexOf(value) >= 0) {
        marks.appendChild(element('span', 'mark removed', label(value)));
      } else {
        marks.appendChild(element('span', 'mark gone'));
      }
    }
    cell.style.setProperty('--mark-size', Math.max(6, Math.floor(markFont((cellSize() - 6) / side, longestLabel(v)))) + 'px');
    cell.appendChild(marks);
  }

  /* The longest label of v's values, in characters. */
  function longestLabel(v) {
    let longest = 1;
    for (let value = trace.firsts[v]; value < trace.firsts[v] + trace.sizes[v]; value += 1) {
      longest = Math.max(longest, label(value).length);
    }
    return longest;
  }

  /* A pencil mark's font size for a place `space` pixels wide: small enough that
     a label of `longest` characters (about 0.6 em a digit) leaves a gap beside
     it, so "10" and "11" never run together. */
  function markFont(space, longest) {
    return Math.min(space * 0.75, space * 0.8 / (0.62 * longest));
  }

  /* The width a board may take: the page's, up to a limit, and never less than
     the 560 pixels a 9×9 board has always had. */
  function boardRoom() {
    return Math.max(560, Math.min(window.innerWidth - 48, 1100));
  }

  function cellSize() {
    const clued = view.clues !== null && view.clues !== undefined ? 2 : 0;
    return Math.max(26, Math.min(64, Math.floor(boardRoom() / (Math.max(view.cols, view.rows) + clued))));
  }

  function drawCell(state, r, c, marks, event) {
    const v = view.cells[r * view.cols + c];
    const values = shown(state, v, marks);
    const cell = element('div', 'cell');
    cell.classList.add.apply(cell.classList, classesOf(v, marks));
    if (trace.start[v].length === 1) { cell.classList.add('given'); }
    if (r % view.box_rows === 0) { cell.classList.add('box-top'); }
    if (c % view.box_cols === 0) { cell.classList.add('box-left'); }
    if (r === view.rows - 1) { cell.classList.add('box-bottom'); }
    if (c === view.cols - 1) { cell.classList.add('box-right'); }
    cell.dataset.var = String(v);
    cell.dataset.values = values.join(' ');
    cell.title = varName(v);
    drawCellContent(cell, v, values, removedHere(v, marks));
    return cell;
  }

  function clue(side, index, line) {
    const text = view.clues[side][index];
    const node = element('div', 'clue', text === null ? '' : text);
    node.dataset.side = side;
    node.dataset.index = String(index);
    const across = side === 'left' || side === 'right';
    if (text !== null && (across ? line.row === index : line.col === index)) { node.classList.add('scope'); }
    return node;
  }

  function drawGrid(board, state, marks, event) {
    const clued = view.clues !== null && view.clues !== undefined;
    const line = scopeLine(marks.scope);
    const columns = view.cols + (clued ? 2 : 0);
    const grid = element('div', 'grid');
    grid.style.gridTemplateColumns = 'repeat(' + columns + ', var(--cell))';
    grid.style.setProperty('--cell', cellSize() + 'px');
    if (clued) {
      grid.appendChild(element('div', 'corner'));
      for (let c = 0; c < view.cols; c += 1) { grid.appendChild(clue('top', c, line)); }
      grid.appendChild(element('div', 'corner'));
    }
    for (let r = 0; r < view.rows; r += 1) {
      if (clued) { grid.appendChild(clue('left', r, line)); }
      for (let c = 0; c < view.cols; c += 1) { grid.appendChild(drawCell(state, r, c, marks, event)); }
      if (clued) { grid.appendChild(clue('right', r, line)); }
    }
    if (clued) {
      grid.appendChild(element('div', 'corner'));
      for (let c = 0; c < view.cols; c += 1) { grid.appendChild(clue('bottom', c, line)); }
      grid.appendChild(element('div', 'corner'));
    }
    board.appendChild(grid);
  }

  /* ---- Drawing a chessboard: a queen where a column has one row left. ---- */

  function drawSquare(state, r, c, marks, event) {
    const v = view.columns[c];
    const values = shown(state, v, marks);
    const square = element('div', 'square ' + ((r + c) % 2 === 0 ? 'light' : 'dark'));
    square.classList.add.apply(square.classList, classesOf(v, marks));
    square.dataset.row = String(r);
    square.dataset.col = String(c);
    square.dataset.var = String(v);
    square.title = varName(v) + ', row ' + label(r);
    if (values.length === 1 && values[0] === r) {
      square.dataset.mark = 'queen';
      square.appendChild(element('span', 'queen', '\u265B'));
    } else if (values.indexOf(r) >= 0) {
      square.dataset.mark = 'possible';
      square.appendChild(element('span', 'possible', '\u2022'));
    } else if (removedHere(v, marks).indexOf(r) >= 0) {
      square.dataset.mark = 'removed';
      square.appendChild(element('span', 'possible removed', '\u00D7'));
    } else {
      square.dataset.mark = 'none';
    }
    return square;
  }

  function drawChessboard(board, state, marks, event) {
    const size = Math.max(24, Math.min(64, Math.floor(boardRoom() / view.n)));
    const grid = element('div', 'chessboard');
    grid.style.setProperty('--square', size + 'px');
    grid.style.gridTemplateColumns = 'repeat(' + view.n + ', var(--square))';
    /* Row 1 at the bottom, as on a chessboard and on the classic walk's page. */
    for (let r = view.n - 1; r >= 0; r -= 1) {
      for (let c = 0; c < view.n; c += 1) { grid.appendChild(drawSquare(state, r, c, marks, event)); }
    }
    board.appendChild(grid);
  }

  /* ---- Drawing a board in layers (View::Board; see replay/src/board.rs). Points
     are in half-cells: (2r + 1, 2c + 1) is the centre of cell (r, c). ---- */

  const svgSpace = (function () {
    const holder = document.createElement('div');
    holder.innerHTML = '<svg></svg>';
    return holder.firstChild.namespaceURI;
  }());
  const palette = ['#e6194b', '#3cb44b', '#4363d8', '#ffe119', '#f58231', '#911eb4', '#46f0f0', '#f032e6', '#bcf60c', '#fabebe'];

  function svg(tag, attributes, className) {
    const node = document.createElementNS(svgSpace, tag);
    Object.keys(attributes || {}).forEach((name) => { node.setAttribute(name, String(attributes[name])); });
    if (className) { node.setAttribute('class', className); }
    return node;
  }

  function svgText(x, y, size, text, className) {
    const node = svg('text', { x: x, y: y, 'font-size': size, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, className);
    node.textContent = text;
    return node;
  }

  /* The board's extent in half-cells: the grid, and room around it for clues
     outside it (a nonogram's runs stand several deep). */
  function boardExtent() {
    const extent = { top: 2, left: 2, bottom: 2, right: 2 };
    const points = view.clues.map((clue) => clue.at)
      .concat(view.lines.map((line) => line.from), view.lines.map((line) => line.to));
    points.forEach((point) => {
      extent.top = Math.max(extent.top, 1 - point.y);
      extent.left = Math.max(extent.left, 1 - point.x);
      extent.bottom = Math.max(extent.bottom, point.y - 2 * view.rows + 1);
      extent.right = Math.max(extent.right, point.x - 2 * view.cols + 1);
    });
    return extent;
  }

  function boardGeometry() {
    const extent = boardExtent();
    const across = view.cols + (extent.left + extent.right) / 2;
    const down = view.rows + (extent.top + extent.bottom) / 2;
    const size = Math.max(16, Math.min(56, Math.floor(Math.max(640, boardRoom()) / Math.max(across, down))));
    return {
      size: size,
      width: across * size,
      height: down * size,
      x: (half) => (extent.left + half) * size / 2,
      y: (half) => (extent.top + half) * size / 2,
    };
  }

  function inkMark(cell, value, first) {
    const ink = cell.ink;
    if (ink.kind === 'symbols') { return ink.symbols[value - first]; }
    return label(value);
  }

  function drawBoardCell(layer, geometry, cell, state, marks, event) {
    const v = cell.var;
    const values = shown(state, v, marks);
    const first = trace.firsts[v];
    const size = geometry.size;
    const x = geometry.x(2 * cell.col);
    const y = geometry.y(2 * cell.row);
    const group = svg('g', { 'data-var': v, 'data-row': cell.row, 'data-col': cell.col, 'data-values': values.join(' ') }, ['bcell'].concat(classesOf(v, marks)).join(' '));
    if (trace.start[v].length === 1) { group.classList.add('given'); }
    const title = svg('title');
    title.textContent = varName(v);
    group.appendChild(title);
    let fill = '#fff';
    let ink = 'value';
    if (cell.ink.kind === 'shade') {
      if (values.length === 1) {
        fill = values[0] === cell.ink.dark ? '#1d1d1f' : '#fff';
        group.dataset.shade = values[0] === cell.ink.dark ? 'dark' : 'light';
      } else {
        fill = '#d9d9de';
        group.dataset.shade = values.length === 0 ? 'none' : 'open';
      }
    } else if (cell.ink.kind === 'colours' && values.length === 1) {
      fill = palette[(values[0] - first) % palette.length];
      ink = 'value on-colour';
    }
    group.appendChild(svg('rect', { x: x, y: y, width: size, height: size, fill: fill }, 'ground'));
    group.appendChild(svg('rect', { x: x, y: y, width: size, height: size }, 'hl'));
    const cx = x + size / 2;
    const cy = y + size / 2;
    if (values.length === 0) {
      group.appendChild(svgText(cx, cy, size * 0.5, '\u2205', 'empty-domain'));
    } else if (cell.ink.kind === 'shade') {
      if (values.length === 1 && values[0] !== cell.ink.dark) {
        group.appendChild(svg('circle', { cx: x + size * 0.82, cy: y + size * 0.82, r: Math.max(1.5, size * 0.06) }, 'light-dot'));
      }
    } else if (values.length === 1 && cell.ink.kind !== 'colours') {
      group.appendChild(svgText(cx, cy, size * 0.55, inkMark(cell, values[0], first), ink));
    } else if (values.length > 1) {
      drawBoardMarks(group, cell, x, y, size, values, removedHere(v, marks));
    }
    layer.appendChild(group);
  }

  /* The candidates of an open cell, small, in a square of places: a value's
     place is fixed, so a removal leaves a gap; values just removed are struck. */
  function drawBoardMarks(group, cell, x, y, size, values, removed) {
    const v = cell.var;
    const count = trace.sizes[v];
    const first = trace.firsts[v];
    const side = Math.ceil(Math.sqrt(count));
    const step = size / side;
    for (let index = 0; index < count; index += 1) {
      const value = first + index;
      const here = values.indexOf(value) >= 0;
      const gone = removed.indexOf(value) >= 0;
      if (!here && !gone) { continue; }
      const mx = x + step * (index % side + 0.5);
      const my = y + step * (Math.floor(index / side) + 0.5);
      const className = here ? 'mark' : 'mark removed';
      if (cell.ink.kind === 'colours') {
        const swatch = svg('rect', { x: mx - step * 0.3, y: my - step * 0.3, width: step * 0.6, height: step * 0.6 }, className);
        swatch.style.fill = palette[index % palette.length];
        swatch.dataset.value = String(value);
        group.appendChild(swatch);
      } else {
        const text = cell.ink.kind === 'shade' ? label(value) : inkMark(cell, value, first);
        const mark = svgText(mx, my, Math.max(6, markFont(step, String(text).length)), text, className);
        /* A label of several characters is held to its place's width, whatever
           the font, so neighbouring marks keep a gap. */
        if (String(text).length > 1) {
          mark.setAttribute('textLength', String(step * 0.8));
          mark.setAttribute('lengthAdjust', 'spacingAndGlyphs');
        }
        mark.dataset.value = String(value);
        group.appendChild(mark);
      }
    }
  }

  function drawBoardLine(layer, geometry, line, state, marks) {
    const values = shown(state, line.var, marks);
    let status = 'open';
    if (values.length === 1 && values[0] === line.on) { status = 'on'; }
    if (values.indexOf(line.on) < 0) { status = 'off'; }
    const classes = ['bline', status].concat(classesOf(line.var, marks));
    const node = svg('line', {
      x1: geometry.x(line.from.x), y1: geometry.y(line.from.y),
      x2: geometry.x(line.to.x), y2: geometry.y(line.to.y),
      'data-var': line.var, 'data-on': line.on, 'data-values': values.join(' '),
    }, classes.join(' '));
    node.style.strokeWidth = String(Math.max(2, geometry.size * 0.12));
    const title = svg('title');
    title.textContent = varName(line.var) + ' = ' + label(line.on);
    node.appendChild(title);
    layer.appendChild(node);
  }

  function regionOf(r, c) { return view.regions[r * view.cols + c]; }

  function drawWalls(layer, geometry) {
    const wall = (y1, x1, y2, x2) => layer.appendChild(svg('line', { x1: geometry.x(x1), y1: geometry.y(y1), x2: geometry.x(x2), y2: geometry.y(y2) }, 'wall'));
    for (let r = 0; r < view.rows; r += 1) {
      for (let c = 0; c < view.cols; c += 1) {
        if (c + 1 < view.cols && regionOf(r, c) !== regionOf(r, c + 1)) { wall(2 * r, 2 * c + 2, 2 * r + 2, 2 * c + 2); }
        if (r + 1 < view.rows && regionOf(r, c) !== regionOf(r + 1, c)) { wall(2 * r + 2, 2 * c, 2 * r + 2, 2 * c + 2); }
      }
    }
  }

  /* A cage's outline runs just inside its cells, on every side with no cell of
     the cage beyond it; its target sits in the corner of its first cell. */
  function drawCage(layer, geometry, cage, index) {
    const size = geometry.size;
    const inset = Math.max(2, size * 0.08);
    const inside = (r, c) => cage.cells.some((cell) => cell[0] === r && cell[1] === c);
    const group = svg('g', { 'data-cage': index }, 'cage');
    cage.cells.forEach((cell) => {
      const r = cell[0];
      const c = cell[1];
      const left = geometry.x(2 * c);
      const top = geometry.y(2 * r);
      const edge = (x1, y1, x2, y2) => group.appendChild(svg('line', { x1: x1, y1: y1, x2: x2, y2: y2 }, 'cage-edge'));
      if (!inside(r - 1, c)) { edge(left + inset, top + inset, left + size - inset, top + inset); }
      if (!inside(r + 1, c)) { edge(left + inset, top + size - inset, left + size - inset, top + size - inset); }
      if (!inside(r, c - 1)) { edge(left + inset, top + inset, left + inset, top + size - inset); }
      if (!inside(r, c + 1)) { edge(left + size - inset, top + inset, left + size - inset, top + size - inset); }
    });
    if (cage.label !== null && cage.label !== undefined) {
      const first = cage.cells[0];
      const text = svg('text', { x: geometry.x(2 * first[1]) + inset * 1.5, y: geometry.y(2 * first[0]) + inset * 1.5, 'font-size': Math.max(8, size * 0.24), 'dominant-baseline': 'hanging' }, 'cage-label');
      text.textContent = cage.label;
      group.appendChild(text);
    }
    layer.appendChild(group);
  }

  /* A clue outside the board belongs to the row or column it stands beside; it
     is the step's clue when the rule's scope is that row or column. */
  function clueInScope(clue, line) {
    const outsideRows = clue.at.y < 0 || clue.at.y > 2 * view.rows;
    const outsideCols = clue.at.x < 0 || clue.at.x > 2 * view.cols;
    if (outsideRows && !outsideCols && clue.at.x % 2 !== 0) { return line.col === (clue.at.x - 1) / 2; }
    if (outsideCols && !outsideRows && clue.at.y % 2 !== 0) { return line.row === (clue.at.y - 1) / 2; }
    return false;
  }

  function drawClue(layer, geometry, clue, line) {
    const size = geometry.size;
    const x = geometry.x(clue.at.x);
    const y = geometry.y(clue.at.y);
    const group = svg('g', { 'data-y': clue.at.y, 'data-x': clue.at.x, 'data-shape': clue.shape || 'plain' }, 'bclue');
    if (clueInScope(clue, line)) { group.classList.add('scope'); }
    const corner = clue.at.x % 2 === 0 && clue.at.y % 2 === 0;
    const between = (clue.at.x + clue.at.y) % 2 !== 0;
    let textClass = 'clue-text';
    let fontSize = size * (between ? 0.36 : 0.45);
    switch (clue.shape) {
      case 'black':
        group.appendChild(svg('circle', { cx: x, cy: y, r: size * (corner ? 0.16 : 0.3) }, 'disc black'));
        textClass += ' on-dark';
        break;
      case 'white':
        group.appendChild(svg('circle', { cx: x, cy: y, r: size * (corner ? 0.16 : 0.3) }, 'disc white'));
        break;
      case 'block':
        group.appendChild(svg('rect', { x: x - size / 2, y: y - size / 2, width: size, height: size }, 'block'));
        textClass += ' on-dark';
        break;
      default:
        if (corner && clue.text !== '') {
          group.appendChild(svg('circle', { cx: x, cy: y, r: size * 0.2 }, 'disc white'));
          fontSize = size * 0.3;
        }
        break;
    }
    if (clue.text !== '') { group.appendChild(svgText(x, y, fontSize, clue.text, textClass)); }
    layer.appendChild(group);
  }

  function drawBoard(board, state, marks, event) {
    const geometry = boardGeometry();
    const size = geometry.size;
    const width = geometry.width;
    const height = geometry.height;
    const root = svg('svg', { width: width, height: height, viewBox: '0 0 ' + width + ' ' + height, role: 'img' }, 'board-svg');
    const ground = svg('g', {}, 'grid-layer');
    for (let r = 0; r < view.rows; r += 1) {
      for (let c = 0; c < view.cols; c += 1) {
        ground.appendChild(svg('rect', { x: geometry.x(2 * c), y: geometry.y(2 * r), width: size, height: size }, 'square-ground'));
      }
    }
    root.appendChild(ground);
    const cells = svg('g', {}, 'cell-layer');
    view.cells.forEach((cell) => drawBoardCell(cells, geometry, cell, state, marks, event));
    root.appendChild(cells);
    /* The rule's cells, outlined above every cell so no neighbour hides an edge. */
    const frames = svg('g', {}, 'scope-layer');
    marks.scope.forEach((v) => (cellsOf.get(v) || []).forEach((at) => {
      frames.appendChild(svg('rect', { x: geometry.x(2 * at[1]) + 1.5, y: geometry.y(2 * at[0]) + 1.5, width: size - 3, height: size - 3 }, 'scope-frame'));
    }));
    const guides = svg('g', {}, 'guide-layer');
    (view.guides || []).forEach((guide) => {
      guides.appendChild(svg('line', { x1: geometry.x(guide[0].x), y1: geometry.y(guide[0].y), x2: geometry.x(guide[1].x), y2: geometry.y(guide[1].y) }, 'guide'));
    });
    root.appendChild(guides);
    const walls = svg('g', {}, 'wall-layer');
    if (view.regions.length === view.rows * view.cols) { drawWalls(walls, geometry); }
    if (view.cells.length > 0) {
      walls.appendChild(svg('rect', { x: geometry.x(0), y: geometry.y(0), width: size * view.cols, height: size * view.rows }, 'outline'));
    } else {
      root.classList.add('lines-only');
    }
    root.appendChild(walls);
    root.appendChild(frames);
    const cages = svg('g', {}, 'cage-layer');
    view.cages.forEach((cage, index) => drawCage(cages, geometry, cage, index));
    root.appendChild(cages);
    const lines = svg('g', {}, 'line-layer');
    view.lines.forEach((line) => drawBoardLine(lines, geometry, line, state, marks));
    root.appendChild(lines);
    if (view.lines.some((line) => line.from.x % 2 === 0 && line.from.y % 2 === 0)) {
      const dots = svg('g', {}, 'dot-layer');
      for (let r = 0; r <= view.rows; r += 1) {
        for (let c = 0; c <= view.cols; c += 1) {
          dots.appendChild(svg('circle', { cx: geometry.x(2 * c), cy: geometry.y(2 * r), r: Math.max(1.5, size * 0.05) }, 'corner-dot'));
        }
      }
      root.appendChild(dots);
    }
    const clues = svg('g', {}, 'clue-layer');
    const line = scopeLine(marks.scope);
    view.clues.forEach((clue) => drawClue(clues, geometry, clue, line));
    root.appendChild(clues);
    board.appendChild(root);
  }

  /* ---- Drawing variables as a list (the fallback, and those a view leaves out). ---- */

  /* The list is built once; each step then rewrites only the rows whose
     candidates, removals or marks differ, so a long list stays cheap. */
  const listRows = new Map();

  function listRow(table, v) {
    const row = element('tr');
    row.dataset.var = String(v);
    row.appendChild(element('th', '', varName(v)));
    row.appendChild(element('td', 'candidates'));
    row.appendChild(element('td', 'removed'));
    table.appendChild(row);
    const entry = { row: row, values: null, removed: null, classes: null };
    listRows.set(v, entry);
    return entry;
  }

  function drawList(container, vars, state, marks, event, title) {
    if (vars.length === 0) { return; }
    let table = container.querySelector('table.list');
    if (!table) {
      if (title) { container.appendChild(element('p', 'list-title', title)); }
      table = element('table', 'list');
      vars.forEach((v) => listRow(table, v));
      container.appendChild(table);
    }
    vars.forEach((v) => {
      const entry = listRows.get(v);
      const values = shown(state, v, marks).join(' ');
      if (values !== entry.values) {
        entry.values = values;
        entry.row.dataset.values = values;
        const list = values === '' ? [] : values.split(' ').map(Number);
        entry.row.children[1].textContent = list.length === 0 ? '\u2205' : list.map(label).join(' ');
      }
      const gone = removedHere(v, marks);
      const removed = gone.length ? '\u2212 ' + gone.map(label).join(' ') : '';
      if (removed !== entry.removed) {
        entry.removed = removed;
        entry.row.children[2].textContent = removed;
      }
      const classes = classesOf(v, marks).join(' ');
      if (classes !== entry.classes) {
        entry.classes = classes;
        entry.row.className = classes;
      }
    });
  }

  const drawnVars = (function () {
    if (view.kind === 'grid') { return view.cells; }
    if (view.kind === 'chessboard') { return view.columns; }
    if (view.kind === 'board') {
      return view.cells.map((cell) => cell.var).concat(view.lines.map((line) => line.var));
    }
    return [];
  }());
  const drawnSet = new Set(drawnVars);
  const otherVars = [];
  for (let v = 0; v < varCount; v += 1) { if (!drawnSet.has(v)) { otherVars.push(v); } }

  function drawPuzzle(state, marks, event) {
    const board = byId('board');
    const others = byId('others');
    if (view.kind !== 'list') { board.replaceChildren(); }
    if (view.kind === 'grid') {
      drawGrid(board, state, marks, event);
    } else if (view.kind === 'chessboard') {
      drawChessboard(board, state, marks, event);
    } else if (view.kind === 'board') {
      drawBoard(board, state, marks, event);
    }
    const title = view.kind === 'list' ? '' : 'Other variables';
    drawList(view.kind === 'list' ? board : others, otherVars, state, marks, event, title);
  }

  /* ---- The search tree: a node for the start and for each branch, drawn
     beside the board; a click jumps to the node's step. ---- */

  const searchTree = buildTree();

  /* Walk the events once: an `x = v` branch at depth d opens a child of the node
     at depth d - 1; an `x ≠ v` branch at depth d is the other child of the node
     at depth d (the one whose `x = v` subtree failed) and takes its place on the
     path. Each step knows the node it happens in. */
  function buildTree() {
    const nodes = [{ parent: -1, step: -1, depth: 0, label: 'start', children: [], end: '' }];
    const nodeAt = new Int32Array(events.length);
    const path = [0];
    let current = 0;
    const at = (depth) => path[Math.min(depth, path.length - 1)];
    events.forEach((event, step) => {
      if (event.kind === 'branch') {
        const parent = event.equal ? at(event.depth - 1) : at(event.depth);
        const node = {
          parent: parent, step: step, depth: nodes[parent].depth + 1, equal: event.equal,
          label: varName(event.var) + (event.equal ? ' = ' : ' \u2260 ') + label(event.value),
          children: [], end: '',
        };
        nodes.push(node);
        nodes[parent].children.push(nodes.length - 1);
        path.length = Math.min(path.length, event.depth + 1);
        path[event.depth] = nodes.length - 1;
        current = nodes.length - 1;
      } else if (event.kind === 'backtrack') {
        path.length = Math.min(path.length, event.depth + 1);
        current = at(event.depth);
      } else if (event.kind === 'conflict' || event.kind === 'solution') {
        current = at(event.depth);
        nodes[current].end = event.kind === 'solution' ? 'solution' : 'failure';
        nodes[current].endStep = step;
      } else if (event.kind !== 'wake') {
        current = at(event.depth);
      }
      nodeAt[step] = current;
    });
    return { nodes: nodes, nodeAt: nodeAt, elements: [], shown: [] };
  }

  /* Leaves left to right in depth-first order; a parent centred over its
     children. */
  function layoutTree(nodes) {
    let leaves = 0;
    const place = (index) => {
      const node = nodes[index];
      if (node.children.length === 0) {
        node.x = leaves;
        leaves += 1;
        return;
      }
      node.children.forEach(place);
      node.x = (nodes[node.children[0]].x + nodes[node.children[node.children.length - 1]].x) / 2;
    };
    place(0);
    let depth = 0;
    nodes.forEach((node) => { depth = Math.max(depth, node.depth); });
    return { leaves: leaves, depth: depth };
  }

  function drawTree() {
    const nodes = searchTree.nodes;
    const shape = layoutTree(nodes);
    const across = Math.max(6, Math.min(28, Math.floor(360 / Math.max(1, shape.leaves))));
    const down = Math.max(12, Math.min(36, Math.floor(420 / Math.max(1, shape.depth + 1))));
    const width = (shape.leaves + 1) * across;
    const height = (shape.depth + 1) * down + 16;
    const x = (node) => (node.x + 1) * across;
    const y = (node) => node.depth * down + 10;
    const root = svg('svg', { width: width, height: height, viewBox: '0 0 ' + width + ' ' + height }, 'tree-svg');
    const edges = svg('g', {}, 'tree-edges');
    nodes.forEach((node) => {
      if (node.parent < 0) { return; }
      const parent = nodes[node.parent];
      edges.appendChild(svg('line', { x1: x(parent), y1: y(parent), x2: x(node), y2: y(node) }, node.equal ? 'tree-edge equal' : 'tree-edge other'));
    });
    root.appendChild(edges);
    const radius = Math.max(3, Math.min(7, across / 3));
    nodes.forEach((node, index) => {
      const kind = node.end || (index === 0 ? 'root' : 'decision');
      const group = svg('g', { 'data-node': index, 'data-step': node.step, tabindex: 0 }, 'tree-node ' + kind);
      group.appendChild(svg('circle', { cx: x(node), cy: y(node), r: radius }));
      const title = svg('title');
      title.textContent = node.label + (node.step >= 0 ? ' (step ' + node.step + ')' : '') +
        (node.end ? ': ' + node.end + ' at step ' + node.endStep : '');
      group.appendChild(title);
      edges.parentNode.appendChild(group);
      searchTree.elements.push(group);
    });
    root.addEventListener('click', (click) => {
      const target = click.target.closest ? click.target.closest('[data-step]') : null;
      if (target) { pause(); show(parseInt(target.dataset.step, 10)); }
    });
    byId('tree').appendChild(root);
    byId('tree-size').textContent = nodes.length === 1
      ? 'no decisions: propagation alone'
      : (nodes.length - 1) + ' decisions, ' + nodes.filter((node) => node.end === 'failure').length + ' failures, ' +
        nodes.filter((node) => node.end === 'solution').length + ' solution';
  }

  /* Mark the node the step happens in, and the path from the root to it. */
  function highlightTree(step) {
    searchTree.shown.forEach((index) => searchTree.elements[index].classList.remove('current', 'on-path'));
    const shown = [];
    let index = step < 0 ? 0 : searchTree.nodeAt[step];
    const element = searchTree.elements[index];
    if (element) { element.classList.add('current'); }
    shown.push(index);
    index = searchTree.nodes[index].parent;
    while (index >= 0) {
      searchTree.elements[index].classList.add('on-path');
      shown.push(index);
      index = searchTree.nodes[index].parent;
    }
    searchTree.shown = shown;
    const holder = byId('tree');
    if (element && holder.scrollWidth > holder.clientWidth) {
      const box = element.getBBox();
      if (box.x < holder.scrollLeft || box.x > holder.scrollLeft + holder.clientWidth) {
        holder.scrollLeft = Math.max(0, box.x - holder.clientWidth / 2);
      }
    }
  }

  /* ---- The explanation panel. ---- */

  function describe(event) {
    if (!event) {
      return { rule: '', effect: 'the start: every candidate the puzzle allows', why: '', status: '' };
    }
    let running = replay.running === null ? '' : ruleName(replay.running);
    if (replay.decided) { running = 'search decision'; }
    switch (event.kind) {
      case 'wake':
        return { rule: running, effect: 'wakes ' + ruleName(event.rule), why: 'a variable it watches changed', status: '' };
      case 'run':
        return { rule: ruleName(event.rule), effect: 'runs', why: 'it was next on the schedule', status: '' };
      case 'change': {
        const values = candidates(top(), event.var);
        const effect = values.length === 1
          ? varName(event.var) + ' = ' + label(values[0])
          : varName(event.var) + ' \u2260 ' + (event.removed || []).map(label).join(', ');
        const who = event.rule === undefined ? 'search decision' : ruleName(event.rule);
        return { rule: who, effect: effect, why: event.text || event.inference, status: '' };
      }
      case 'branch':
        return {
          rule: 'search',
          effect: 'try ' + varName(event.var) + (event.equal ? ' = ' : ' \u2260 ') + label(event.value),
          why: event.equal ? 'a guess: propagation alone went no further' : 'the other side of the guess, whose subtree failed',
          status: '',
        };
      case 'conflict':
        return {
          rule: event.rule === undefined ? 'search' : ruleName(event.rule),
          effect: 'conflict' + (event.var === undefined ? '' : ': ' + varName(event.var) + ' has no value left'),
          why: event.inference,
          status: 'Conflict',
        };
      case 'backtrack':
        return { rule: 'search', effect: 'back to depth ' + event.depth, why: 'the state is what it was at that node', status: '' };
      case 'solution':
        return { rule: 'search', effect: 'solution', why: 'every variable has one value and every rule holds', status: 'Solution' };
      default:
        return { rule: '', effect: event.kind, why: '', status: '' };
    }
  }

  function drawRules(event) {
    const queue = byId('queue');
    queue.replaceChildren();
    replay.queue.forEach((rule, index) => {
      const item = element('li', '', ruleName(rule));
      item.dataset.rule = String(rule);
      if (event && event.kind === 'wake' && index === replay.queue.length - 1 && event.rule === rule) {
        item.classList.add('just-woken');
      }
      queue.appendChild(item);
    });
    const rules = byId('rules');
    Array.prototype.forEach.call(rules.children, (item, rule) => {
      item.classList.toggle('running', rule === replay.running);
      item.classList.toggle('queued', replay.queue.indexOf(rule) >= 0);
    });
    const running = rules.querySelector('li.running');
    if (running) {
      const offset = running.offsetTop;
      if (offset < rules.scrollTop || offset + running.offsetHeight > rules.scrollTop + rules.clientHeight) {
        rules.scrollTop = Math.max(0, offset - rules.clientHeight / 2);
      }
    }
  }

  /* The facts a change rests on, those of one variable and relation together:
     `because r1c1 = 5, r2c2 ≠ 3, 4`. */
  function because(event) {
    if (!event || event.kind !== 'change' || !event.facts || event.facts.length === 0) { return ''; }
    const signs = { is: '=', is_not: '\u2260', at_least: '\u2265', at_most: '\u2264' };
    const groups = [];
    event.facts.forEach((fact) => {
      const found = groups.find((group) => group.var === fact.var && group.relation === fact.relation);
      const text = label(fact.value);
      if (!found) {
        groups.push({ var: fact.var, relation: fact.relation, values: [text] });
      } else if (found.values.indexOf(text) < 0) {
        found.values.push(text);
      }
    });
    return 'because ' + groups.map((group) => varName(group.var) + ' ' + signs[group.relation] + ' ' + group.values.join(', ')).join('; ');
  }

  /* The next deduction of this solve after `step`: the next change a rule
     makes, told without going there (for a student to try first). */
  function nextDeduction(step) {
    for (let next = step + 1; next <= lastStep; next += 1) {
      const event = events[next];
      if (event.kind === 'change' && event.rule !== undefined) {
        const removed = (event.removed || []).map(label).join(', ');
        const reason = event.text || event.inference;
        const facts = because(event);
        return 'step ' + next + ': ' + varName(event.var) + ' \u2260 ' + removed + ' (' + ruleName(event.rule) + '): ' + reason + (facts ? '; ' + facts : '');
      }
      if (event.kind === 'branch') { return 'step ' + next + ': no rule deduces more here; the search guesses ' + varName(event.var) + (event.equal ? ' = ' : ' \u2260 ') + label(event.value); }
    }
    return 'nothing: this is the end of the solve';
  }

  /* The hint panel at `step`: the weakest tier's deduction from the state
     shown (as `sieve <puzzle> hint` writes it), what state that is, and the
     solver's own next step. */
  function drawHint(step) {
    const box = byId('hint');
    box.hidden = hintShownAt !== step;
    if (box.hidden) { return; }
    const weakest = byId('hint-weakest');
    weakest.replaceChildren();
    byId('hint-because').textContent = '';
    const depth = replay.stack.length - 1;
    let context = '';
    if (!hintData) {
      weakest.textContent = 'This page was written without the weakest-tier hints.';
    } else {
      const hint = hintAt(step);
      if (!hint) {
        weakest.textContent = 'No hint was worked out for this state: ' + hintData.missing;
      } else if (hint.kind === 'step') {
        weakest.appendChild(element('span', 'hint-tier', hint.tier + ':'));
        const told = ' ' + hint.effect + '  [' + hint.inference + ', ' + hint.rule + ']' + (hint.text && hint.text !== hint.inference ? ' ' + hint.text : '');
        weakest.appendChild(document.createTextNode(told));
        byId('hint-because').textContent = hint.because;
      } else {
        weakest.textContent = hint.message;
      }
      context = depth === 0
        ? 'The weakest hint is for the state shown, at the root of the search (no guess taken). ' + hintData.about
        : 'The weakest hint is for the state shown, inside a search branch at depth ' + depth + ': its guesses are taken as given. ' + hintData.about;
    }
    byId('hint-context').textContent = context;
    byId('hint-solver').textContent = nextDeduction(step);
  }

  function drawPanel(step, event) {
    const text = describe(event);
    byId('step-number').textContent = step < 0 ? 'start' : String(step);
    byId('event-kind').textContent = event ? event.kind : 'start';
    byId('depth').textContent = String(replay.stack.length - 1);
    byId('rule-name').textContent = text.rule;
    byId('effect').textContent = text.effect;
    byId('why').textContent = text.why;
    byId('inference').textContent = event && event.inference ? event.inference : '';
    byId('because').textContent = because(event);
    drawHint(step);
    const status = byId('status');
    status.textContent = text.status;
    status.className = 'status ' + text.status.toLowerCase();
    byId('permalink').setAttribute('href', hashFor(step));
    byId('jump').value = step < 0 ? '' : String(step);
    byId('scrub').value = String(step);
    drawRules(event);
  }

  /* ---- Steps, the address and the controls. ---- */

  let current = -1;
  let timer = null;
  /* The step whose hint the panel shows (its button was pressed there), or null. */
  let hintShownAt = null;

  function hashFor(step) { return step < 0 ? '#step=start' : '#step=' + step; }

  function stepFromHash() {
    const found = /step=(\d+|start)/.exec(location.hash);
    if (!found || found[1] === 'start') { return -1; }
    return Math.min(parseInt(found[1], 10), lastStep);
  }

  function writeHash(step) {
    const hash = hashFor(step);
    if (location.hash === hash) { return; }
    try {
      history.replaceState(null, '', hash);
    } catch (error) {
      location.replace(hash);
    }
  }

  function show(step) {
    const target = Math.max(-1, Math.min(lastStep, step));
    replayTo(target);
    current = target;
    const event = target >= 0 ? events[target] : null;
    if (hintShownAt !== target) { hintShownAt = null; }
    const marks = hintShownAt === target && hintData ? hintMarks(hintAt(target)) : highlights(event);
    drawPuzzle(top(), marks, event);
    drawPanel(target, event);
    highlightTree(target);
    markHistory(target);
    writeHash(target);
  }

  function setPlayButton(playing) {
    const button = byId('play');
    button.textContent = playing ? '|| pause' : '\u25B6 play';
    button.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    button.title = playing ? 'Pause the playing (Space)' : 'Play: step forward on its own until paused (Space)';
  }

  function pause() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    setPlayButton(false);
  }

  function speed() { return Math.max(1, parseInt(byId('speed').value, 10) || 1); }

  function tick() {
    const next = stepFrom(current, 1);
    if (next > lastStep) { pause(); return; }
    show(next);
    timer = setTimeout(tick, 1000 / speed());
  }

  function play() {
    if (timer !== null) { pause(); return; }
    if (current >= lastStep) { show(-1); }
    setPlayButton(true);
    timer = setTimeout(tick, 1000 / speed());
  }

  /* ---- Jumps: the steps of each kind, and the steps that change the board. ---- */

  const kindsOfStep = {
    change: (event) => event.kind === 'change',
    decision: (event) => event.kind === 'branch' || (event.kind === 'change' && event.rule === undefined),
    conflict: (event) => event.kind === 'conflict',
    /* What "changes only" stops at: the steps after which the board looks
       different (a removal, a conflict's empty cell, a backtrack, the end). */
    board: (event) => event.kind === 'change' || event.kind === 'conflict' || event.kind === 'backtrack' || event.kind === 'solution',
  };
  const stepsOfKind = {};
  Object.keys(kindsOfStep).forEach((kind) => {
    stepsOfKind[kind] = [];
    events.forEach((event, step) => { if (kindsOfStep[kind](event)) { stepsOfKind[kind].push(step); } });
  });

  /* The first step of `kind` after `from` (direction 1) or before it (-1);
     past the end (lastStep + 1) or -1 when there is none. */
  function nextOfKind(kind, from, direction) {
    const steps = stepsOfKind[kind];
    let low = 0;
    let high = steps.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (steps[middle] <= from) { low = middle + 1; } else { high = middle; }
    }
    if (direction > 0) { return low < steps.length ? steps[low] : lastStep + 1; }
    const before = steps[low - 1] === from ? low - 2 : low - 1;
    return before >= 0 ? steps[before] : -1;
  }

  /* One step on, or back, from `from`: to the next step that changes the board
     in "changes only" mode. */
  function stepFrom(from, direction) {
    if (!byId('changes-only').checked) { return from + direction; }
    return nextOfKind('board', from, direction);
  }

  function jumpToKind(direction) {
    const target = nextOfKind(byId('mark-kind').value, current, direction);
    if (target >= 0 && target <= lastStep) { show(target); }
  }

  /* ---- The history of one cell: every step that changed, tried or emptied
     its variable, each a link to its step. ---- */

  let selectedVar = -1;

  function touches(event, v) {
    return event.var === v && (event.kind === 'change' || event.kind === 'branch' || event.kind === 'conflict');
  }

  function historyLine(step, event) {
    if (event.kind === 'branch') { return 'try ' + varName(event.var) + (event.equal ? ' = ' : ' \u2260 ') + label(event.value); }
    if (event.kind === 'conflict') { return 'no value left (' + (event.rule === undefined ? 'search' : ruleName(event.rule)) + ')'; }
    return '\u2260 ' + (event.removed || []).map(label).join(', ') + ' (' + (event.rule === undefined ? 'search decision' : ruleName(event.rule)) + ')';
  }

  function showHistory(v) {
    selectedVar = v;
    const list = byId('history-list');
    list.replaceChildren();
    let count = 0;
    events.forEach((event, step) => {
      if (!touches(event, v)) { return; }
      const item = element('li');
      item.dataset.step = String(step);
      const link = element('a', '', 'step ' + step);
      link.href = hashFor(step);
      item.appendChild(link);
      item.appendChild(document.createTextNode(': ' + historyLine(step, event)));
      list.appendChild(item);
      count += 1;
    });
    byId('history-title').textContent = 'History of ' + varName(v) + ': ' + (count === 0 ? 'no step changed it' : count + (count === 1 ? ' step' : ' steps'));
    byId('history').hidden = false;
    show(current);
  }

  function markHistory(step) {
    Array.prototype.forEach.call(byId('history-list').children, (item) => {
      item.classList.toggle('here', item.dataset.step === String(step));
    });
  }

  function setUp() {
    const rules = byId('rules');
    trace.rules.forEach((name, rule) => {
      const item = element('li');
      item.dataset.rule = String(rule);
      item.appendChild(element('span', 'rule-number', (rule + 1) + '.'));
      item.appendChild(document.createTextNode(name));
      rules.appendChild(item);
    });
    byId('step-last').textContent = String(lastStep);
    byId('jump').max = String(Math.max(0, lastStep));
    byId('scrub').max = String(lastStep);
    byId('to-start').addEventListener('click', () => { pause(); show(-1); });
    byId('back').addEventListener('click', () => { pause(); show(stepFrom(current, -1)); });
    byId('forward').addEventListener('click', () => { pause(); show(stepFrom(current, 1)); });
    byId('prev-mark').addEventListener('click', () => { pause(); jumpToKind(-1); });
    byId('next-mark').addEventListener('click', () => { pause(); jumpToKind(1); });
    byId('board').addEventListener('click', (click) => {
      const target = click.target.closest ? click.target.closest('[data-var]') : null;
      if (target) { showHistory(parseInt(target.dataset.var, 10)); }
    });
    byId('to-end').addEventListener('click', () => { pause(); show(lastStep); });
    byId('play').addEventListener('click', play);
    byId('hint-button').addEventListener('click', () => { hintShownAt = current; show(current); });
    byId('jump').addEventListener('change', () => {
      const step = parseInt(byId('jump').value, 10);
      pause();
      show(Number.isNaN(step) ? -1 : step);
    });
    byId('scrub').addEventListener('input', () => { pause(); show(parseInt(byId('scrub').value, 10)); });
    byId('speed').addEventListener('input', () => { byId('speed-value').textContent = String(speed()); });
    window.addEventListener('hashchange', () => {
      const step = stepFromHash();
      if (step !== current) { pause(); show(step); }
    });
    document.addEventListener('keydown', (key) => {
      const tag = key.target && key.target.tagName;
      if (tag === 'INPUT' || tag === 'SELECT' || (tag === 'BUTTON' && (key.key === ' ' || key.key === 'Enter'))) { return; }
      const moves = {
        ArrowLeft: () => show(stepFrom(current, -1)), ArrowRight: () => show(stepFrom(current, 1)),
        Home: () => show(-1), End: () => show(lastStep), n: () => jumpToKind(1), p: () => jumpToKind(-1),
      };
      if (key.key === ' ') { key.preventDefault(); play(); return; }
      if (moves[key.key]) { key.preventDefault(); pause(); moves[key.key](); }
    });
  }

  const autoplay = /[#&]play(&|$)/.test(location.hash);
  resetReplay();
  setUp();
  drawTree();
  show(stepFromHash());
  if (autoplay) { play(); }
}());
