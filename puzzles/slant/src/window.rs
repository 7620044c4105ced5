//! The fillings of a window: the cells that the clues of a 3×3 block of
//! corners touch, filled every way that meets all those clues and closes no
//! loop among those cells, and agrees with the cells already held.
//!
//! A window's cells lie within 4×4 cells (its frame), so a filling is a
//! 16-bit mask of the frame (bit `i` set when the frame's `i`-th cell, in
//! reading order, holds `\`; cells no clue touches stay clear) and each
//! clue two masks of the cells whose `\` or `/` touches it. Working on the
//! frame's own bits, not renumbering the touched cells, lets a clue's
//! choices come from a table made at compile time ([`CHOICES`]): numbering
//! the cells, and listing each clue's choices, were half of the walk.
//! 4×4 cells hold only 33
//! loops, found once at compile time ([`LOOPS`]); a filling closes a loop
//! when it draws every cell of one of them the loop's way, two masks to
//! compare. The walk goes clue by clue, choosing at once every open
//! diagonal a clue is the first to touch, so a branch ends as soon as a
//! clue is wrong rather than when its last cell comes, and it checks each
//! loop once, at the clue that fills its last cell. The window rule walks
//! each time it runs, so this walk is on the hot path: a union-find of
//! corners copied down the walk was more than half of it.

/// The most cells a window's clues touch: 4×4.
pub(crate) const MAX_CELLS: usize = 16;

/// Cells across (and down) the block a window's clues can touch.
pub(crate) const CELLS_ACROSS: usize = 4;

/// Corners across (and down) those 4×4 cells.
pub(crate) const CORNERS_ACROSS: usize = CELLS_ACROSS + 1;

/// A clue, as the masks of the window's cells that can touch it: bits of
/// the 4×4 cells around the window in reading order when given to
/// [`window_fillings`], of the touched cells alone in the walk.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WindowClue {
    /// How many diagonals touch the clue's corner.
    pub lines: u8,
    /// The cells whose `\` touches it.
    pub backslash_touches: u16,
    /// The cells whose `/` touches it.
    pub slash_touches: u16,
    /// Its corner among the 5×5 corners of the 4×4 cells, in reading order.
    pub corner: u8,
}

impl WindowClue {
    /// The clue of `lines` on the corner `row`, `column` of the 5×5 corners
    /// (each 1 to 3: a window's 3×3 corners lie in the middle), touched by
    /// those of its four cells that `in_grid` keeps (bits of the 4×4 cells:
    /// the grid's border cuts some off). Worked out on the window's own
    /// frame, not from the grid's cell numbers: a model makes dozens of
    /// windows, and a division a cell to find them was a tenth of that.
    pub(crate) fn at(lines: u8, row: usize, column: usize, in_grid: u16) -> WindowClue {
        let cell =
            |cell_row: usize, cell_column: usize| 1u16 << (cell_row * CELLS_ACROSS + cell_column);
        WindowClue {
            lines,
            backslash_touches: (cell(row - 1, column - 1) | cell(row, column)) & in_grid,
            slash_touches: (cell(row - 1, column) | cell(row, column - 1)) & in_grid,
            corner: (row * CORNERS_ACROSS + column) as u8,
        }
    }

    /// The cells that can touch it.
    pub(crate) fn touches(&self) -> u16 {
        self.backslash_touches | self.slash_touches
    }

    /// The frame bit of the cell up-left of its corner (a corner of the
    /// middle 3×3 has all four cells in the frame, though the grid may cut
    /// some off).
    fn up_left(&self) -> u32 {
        let (row, column) = (
            usize::from(self.corner) / CORNERS_ACROSS,
            usize::from(self.corner) % CORNERS_ACROSS,
        );
        ((row - 1) * CELLS_ACROSS + column - 1) as u32
    }
}

/// The most clues a window holds: its 3×3 corners.
pub(crate) const MAX_CLUES: usize = 9;

/// A clue's cells in a 4-bit order of its own: bit 0 the cell up-left of
/// its corner, 1 up-right, 2 down-left, 3 down-right. The `\` of the
/// up-left and down-right ones touch the corner, the `/` of the others.
const CLUE_BACKSLASH_CELLS: u8 = 0b1001;

/// Per 4-bit set of a clue's cells (those it is the first to touch) and
/// number of lines `n` (0 to 4): where in [`CHOICES`] lie the choices of
/// `\` among them (4-bit subsets) that draw `n` lines to it, in
/// increasing order.
const CHOICE_SPANS: [[(u8, u8); 5]; 16] = choice_tables().0;

/// The choices [`CHOICE_SPANS`] points into: every subset of every 4-bit
/// set, 3⁴ in all.
const CHOICES: [u8; 81] = choice_tables().1;

/// [`CHOICE_SPANS`] and [`CHOICES`], made by the compiler.
const fn choice_tables() -> ([[(u8, u8); 5]; 16], [u8; 81]) {
    let mut spans = [[(0u8, 0u8); 5]; 16];
    let mut choices = [0u8; 81];
    let mut next = 0;
    let mut fresh = 0;
    while fresh < 16 {
        let mut lines = 0;
        while lines <= 4 {
            let start = next;
            let mut subset = 0u8;
            while subset < 16 {
                let drawn = (subset & fresh & CLUE_BACKSLASH_CELLS).count_ones()
                    + (!subset & fresh & !CLUE_BACKSLASH_CELLS & 0xf).count_ones();
                if subset & !fresh == 0 && drawn == lines {
                    choices[next] = subset;
                    next += 1;
                }
                subset += 1;
            }
            spans[fresh as usize][lines as usize] = (start as u8, next as u8);
            lines += 1;
        }
        fresh += 1;
    }
    (spans, choices)
}

/// The frame bits of a clue's cells from its own 4-bit order, for the
/// clue whose up-left cell is frame bit `up_left`.
const fn spread(cells: u8, up_left: usize) -> u16 {
    let cells = cells as u16;
    (cells & 0b11) << up_left | (cells >> 2) << (up_left + CELLS_ACROSS)
}

/// How many frame bits a clue's up-left cell can be: 0 to 10 (the middle
/// 3×3 corners' up-left cells lie in the frame's first three rows and
/// columns).
const UP_LEFTS: usize = 2 * CELLS_ACROSS + 3;

/// [`CHOICES`] on the frame, per frame bit of the clue's up-left cell:
/// the walk adds a choice's cells with one load, not by spreading its
/// 4-bit set each time (slant-12x10dh: 88.9 -> 87.5 M instructions).
const FRAME_CHOICES: [[u16; CHOICES.len()]; UP_LEFTS] = {
    let mut table = [[0u16; CHOICES.len()]; UP_LEFTS];
    let mut up_left = 0;
    while up_left < UP_LEFTS {
        let mut at = 0;
        while at < CHOICES.len() {
            table[up_left][at] = spread(CHOICES[at], up_left);
            at += 1;
        }
        up_left += 1;
    }
    table
};

/// The 4-bit set of the clue's cells among the frame bits `mask`.
fn gather(mask: u16, up_left: u32) -> u8 {
    let top = (mask >> up_left) & 0b11;
    let bottom = (mask >> (up_left + CELLS_ACROSS as u32)) & 0b11;
    (top | bottom << 2) as u8
}

/// A loop of diagonals: the cells it runs through and, of those, the ones
/// whose `\` it uses (the others use their `/`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Loop {
    cells: u16,
    backslashes: u16,
    /// The corners it passes, bits of the 5×5 corners in reading order.
    corners: u32,
}

/// Room for the loops of 4×4 cells (there are 33; the compile-time search
/// fails the build if ever more). A window picks them by the bits of a
/// word.
const MAX_LOOPS: usize = 40;
const _: () = assert!(MAX_LOOPS <= u64::BITS as usize);

/// Every loop within 4×4 cells, bits numbered in reading order of those
/// cells.
struct Loops {
    loops: [Loop; MAX_LOOPS],
    count: usize,
}

/// The loops of 4×4 cells, found by the compiler: no list written out by
/// hand, and no work when a model is built.
static LOOPS: Loops = find_loops();

/// The loops of [`LOOPS`] through each part of a mask: per group of
/// [`GROUP_BITS`] bits of the mask (cells of the 4×4, or corners of
/// the 5×5) and each value of that group, the loops that pass any of its
/// set bits. A window finds its loops by a few look-ups: testing the 33
/// loops one by one, on branches the data decides, was 2 % of Slant's
/// instructions and 5 % of its time (perf, slant-12x10dh).
struct MaskLoops<const GROUPS: usize> {
    through: [[u64; 1 << GROUP_BITS]; GROUPS],
}

/// Bits of a mask a [`MaskLoops`] entry covers.
const GROUP_BITS: usize = 4;

impl<const GROUPS: usize> MaskLoops<GROUPS> {
    /// The table of the loops found, by their corners (`corners`) or their
    /// cells.
    const fn new(loops: &Loops, corners: bool) -> Self {
        let mut table = MaskLoops {
            through: [[0u64; 1 << GROUP_BITS]; GROUPS],
        };
        let mut at = 0;
        while at < loops.count {
            let known = &loops.loops[at];
            let bits = if corners {
                known.corners
            } else {
                known.cells as u32
            };
            let mut group = 0;
            while group < GROUPS {
                let mut value = 0;
                while value < 1 << GROUP_BITS {
                    if (bits >> (group * GROUP_BITS)) as usize & value != 0 {
                        table.through[group][value] |= 1 << at;
                    }
                    value += 1;
                }
                group += 1;
            }
            at += 1;
        }
        table
    }

    /// The loops that pass any bit of `mask`.
    fn through(&self, mask: u32) -> u64 {
        (self.through.iter().enumerate()).fold(0, |loops, (group, table)| {
            loops | table[(mask >> (group * GROUP_BITS)) as usize & ((1 << GROUP_BITS) - 1)]
        })
    }

    /// The loops all of whose bits lie in `mask`.
    fn within(&self, mask: u32) -> u64 {
        let every = u64::MAX >> (u64::BITS as usize - LOOPS.count);
        every & !self.through(!mask)
    }
}

/// The loops through each cell of the 4×4.
static LOOPS_BY_CELLS: MaskLoops<{ MAX_CELLS / GROUP_BITS }> = MaskLoops::new(&find_loops(), false);

/// The loops through each corner of the 5×5.
static LOOPS_BY_CORNERS: MaskLoops<{ CORNERS_ACROSS * CORNERS_ACROSS / GROUP_BITS + 1 }> =
    MaskLoops::new(&find_loops(), true);

/// Every simple cycle of the diagonals of 4×4 cells, as a graph over their
/// 5×5 corners: a walk from each corner through higher corners only, kept
/// when it comes back (each loop is met twice, once a way round).
const fn find_loops() -> Loops {
    let mut found = Loops {
        loops: [Loop {
            cells: 0,
            backslashes: 0,
            corners: 0,
        }; MAX_LOOPS],
        count: 0,
    };
    let mut start = 0;
    while start < CORNERS_ACROSS * CORNERS_ACROSS {
        let path = Loop {
            cells: 0,
            backslashes: 0,
            corners: 1 << start,
        };
        extend_path(&mut found, start, start, path);
        start += 1;
    }
    found
}

/// Extend the path `path` from corner `start`, now at corner `at`, by each
/// diagonal of `at` to a corner above `start` it has not passed, keeping
/// the loops it closes.
const fn extend_path(found: &mut Loops, start: usize, at: usize, path: Loop) {
    let (row, column) = (at / CORNERS_ACROSS, at % CORNERS_ACROSS);
    let last = CELLS_ACROSS;
    // Up-left by a `\`, up-right by a `/`, down-left by a `/`, down-right by
    // a `\`: (there, cell row, cell column, backslash).
    let ways = [
        (
            row > 0 && column > 0,
            row.wrapping_sub(1),
            column.wrapping_sub(1),
            true,
        ),
        (row > 0 && column < last, row.wrapping_sub(1), column, false),
        (row < last && column > 0, row, column.wrapping_sub(1), false),
        (row < last && column < last, row, column, true),
    ];
    let mut way = 0;
    while way < ways.len() {
        let (there, cell_row, cell_column, backslash) = ways[way];
        way += 1;
        if !there {
            continue;
        }
        let cell = 1u16 << (cell_row * CELLS_ACROSS + cell_column);
        if path.cells & cell != 0 {
            continue;
        }
        let to_row = if cell_row == row { row + 1 } else { row - 1 };
        let to_column = if cell_column == column {
            column + 1
        } else {
            column - 1
        };
        let next = to_row * CORNERS_ACROSS + to_column;
        let longer = Loop {
            cells: path.cells | cell,
            backslashes: path.backslashes | if backslash { cell } else { 0 },
            corners: path.corners | 1 << next,
        };
        if next == start {
            add_loop(found, longer);
        } else if next > start && path.corners & 1 << next == 0 {
            extend_path(found, start, next, longer);
        }
    }
}

/// Keep `found_loop` unless it is there already (met the other way round).
const fn add_loop(found: &mut Loops, found_loop: Loop) {
    let mut at = 0;
    while at < found.count {
        let known = found.loops[at];
        if known.cells == found_loop.cells && known.backslashes == found_loop.backslashes {
            return;
        }
        at += 1;
    }
    assert!(found.count < MAX_LOOPS, "more loops in 4×4 cells than room");
    found.loops[found.count] = found_loop;
    found.count += 1;
}

/// A window: its clues and the loops its cells could close, kept by its
/// rule and walked each time the rule runs, under the values its cells
/// hold then. Its fillings are not listed when the model is built: a run
/// has a few cells open (four on average over Tatham's Hard 12×10
/// puzzles), and walking only the fillings that agree with the others
/// costs less than listing all of them once did (a quarter of solving).
#[derive(Clone, Debug)]
pub(crate) struct Window {
    clues: [WindowClue; MAX_CLUES],
    /// How many of `clues` there are.
    count: usize,
    /// Per clue, the frame bit of the cell up-left of its corner.
    up_lefts: [u8; MAX_CLUES],
    /// The cells the clues touch, bits of the frame.
    touched: u16,
    /// The loops among the touched cells that a filling could close, bits
    /// of [`LOOPS`] (a word, not copies: a window is made per block of
    /// clues of every puzzle): a loop passes each of its corners by two
    /// lines, so one through a clue of 0 or 1 cannot come and is left out.
    loops: u64,
}

/// The fillings of a window that agree with its cells' values: how many,
/// and the cells some of them and all of them draw `\` in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Live {
    /// How many fillings agree; or, with [`FEW_OPEN`] or more cells open,
    /// perhaps only how many were found before every open cell had a
    /// filling with each of its diagonals (then nothing can be narrowed,
    /// and the walk stops: the two masks are the same as the whole walk's).
    pub count: u32,
    /// The cells some of them draw `\` in.
    pub some_backslash: u16,
    /// The cells every one of them draws `\` in (all cells when none does).
    pub every_backslash: u16,
}

impl Window {
    /// The window over the cells `touched` (bits of the frame; each touched
    /// by one of `clues` at least) with `clues` (at most nine, as
    /// [`WindowClue::at`] makes them).
    pub(crate) fn new(touched: u16, clues: &[WindowClue]) -> Window {
        assert!(clues.len() <= MAX_CLUES, "a window holds at most 3×3 clues");
        let narrow = (clues.iter()).fold(0u32, |corners, clue| {
            corners | u32::from(clue.lines < 2) << clue.corner
        });
        let mut window = Window {
            clues: [WindowClue::default(); MAX_CLUES],
            count: clues.len(),
            up_lefts: [0; MAX_CLUES],
            touched,
            loops: 0,
        };
        window.clues[..clues.len()].copy_from_slice(clues);
        for (up_left, clue) in window.up_lefts.iter_mut().zip(clues) {
            *up_left = clue.up_left() as u8;
        }
        window.loops =
            LOOPS_BY_CELLS.within(u32::from(touched)) & !LOOPS_BY_CORNERS.through(narrow);
        window
    }

    /// The cells its clues touch, bits of the frame.
    pub(crate) fn touched(&self) -> u16 {
        self.touched
    }

    /// The window's clues.
    pub(crate) fn clues(&self) -> &[WindowClue] {
        &self.clues[..self.count]
    }

    /// Whether `filling` (the touched cells' `\`, bits of the frame) meets
    /// every clue and closes no loop.
    pub(crate) fn holds(&self, filling: u16) -> bool {
        let meets = (self.clues().iter())
            .all(|clue| lines_drawn(clue, filling, clue.touches()) == u32::from(clue.lines));
        meets && !closes(self.loops, filling)
    }

    /// The fillings that agree with the cells held to `\` (`backslash`)
    /// and to `/` (`slash`), bits of the frame, the others open.
    pub(crate) fn live(&self, backslash: u16, slash: u16) -> Live {
        let mut live = Live {
            count: 0,
            some_backslash: 0,
            every_backslash: u16::MAX,
        };
        let open = self.touched & !(backslash | slash);
        let may_stop = cells_in(open) >= FEW_OPEN;
        self.for_each_filling(backslash, slash, |filling| {
            live.count += 1;
            live.some_backslash |= filling;
            live.every_backslash &= filling;
            let both = live.some_backslash & !live.every_backslash;
            !may_stop || both & open != open
        });
        live
    }

    /// Call `visit` with each filling that agrees with the cells held to
    /// `\` (`backslash`) and to `/` (`slash`), in the order of a walk clue
    /// by clue, until it returns false.
    fn for_each_filling(&self, backslash: u16, slash: u16, mut visit: impl FnMut(u16) -> bool) {
        let (held_backslash, held) = (backslash & self.touched, (backslash | slash) & self.touched);
        let mut walk = Walk {
            steps: [Step::default(); MAX_CLUES],
            count: 0,
        };
        if walk.start(self, held_backslash, held) {
            walk.descend(0, held_backslash, &mut visit);
        }
    }
}

/// The fewest open cells at which a window's walk stops once each has
/// both diagonals in some filling: then all 2ⁿ combinations are rarely
/// live, so the count that tells a rule it is entailed is seldom missed,
/// and the first runs of a window, with most of its cells open, end early.
const FEW_OPEN: u32 = 5;

/// One walk over a window's fillings, given the cells already held: each
/// clue in turn chooses at once every open cell it is the first to touch,
/// so a branch ends as soon as a clue is wrong rather than when its last
/// cell comes, and each loop is checked once, at the clue that fills its
/// last cell. A clue whose cells are all held is checked once, before the
/// walk, not on every branch. Its lists are small arrays: a rule runs
/// thousands of times, and the setup of a walk costs as much as the walk.
struct Walk {
    steps: [Step; MAX_CLUES],
    /// How many of `steps` there are.
    count: usize,
}

/// A clue of the walk, with what the walk knows when it comes.
#[derive(Clone, Copy, Default)]
struct Step {
    clue: WindowClue,
    /// The cells held or filled by earlier steps.
    filled: u16,
    /// The open cells no earlier step fills, as a clue's 4-bit set (the
    /// index of their choices in [`CHOICE_SPANS`]).
    fresh: u8,
    /// The frame bit of the cell up-left of its corner.
    up_left: u8,
    /// The loops (bits of [`LOOPS`]) whose last cell it fills.
    closing: u64,
}

impl Walk {
    /// Make the steps of a walk over `window`'s fillings with the cells
    /// `held` already filled (`\` in those of `held_backslash`); false when
    /// those break a clue or close a loop, so that no filling agrees.
    fn start(&mut self, window: &Window, held_backslash: u16, held: u16) -> bool {
        // The clues with open cells, bits in reading order (a mask, not a
        // list: moving a list's entries up was a call to `memmove` a step).
        let mut pending = 0u16;
        for (at, clue) in window.clues().iter().enumerate() {
            let touches = clue.touches();
            if touches & !held != 0 {
                pending |= 1 << at;
            } else if lines_drawn(clue, held_backslash, touches) != u32::from(clue.lines) {
                return false;
            }
        }
        // Each step the clue with the fewest cells still open (the first
        // of those in reading order): one with none only checks, one with
        // a single cell forces it, so branches end early.
        let mut filled = held;
        while pending != 0 {
            let at = fewest_open(window, pending, filled);
            pending &= !(1 << at);
            let (clue, up_left) = (window.clues[at], window.up_lefts[at]);
            self.steps[self.count] = Step {
                clue,
                filled,
                fresh: gather(clue.touches() & !filled, u32::from(up_left)),
                up_left,
                closing: 0,
            };
            self.count += 1;
            filled |= clue.touches();
        }
        self.sort_loops(window.loops, held_backslash, held)
    }

    /// Give each loop the walk can still close to the step that fills its
    /// last cell: those the `held` cells draw the other way already are
    /// left out. False when the held cells close one.
    fn sort_loops(&mut self, loops: u64, held_backslash: u16, held: u16) -> bool {
        let mut left = loops;
        while left != 0 {
            let at = left.trailing_zeros() as usize;
            left &= left - 1;
            let known = &LOOPS.loops[at];
            if (held_backslash ^ known.backslashes) & known.cells & held != 0 {
                continue;
            }
            if known.cells & !held == 0 {
                // Every cell of the loop is held, and drawn its way.
                return false;
            }
            let steps = &mut self.steps[..self.count];
            let owner = (steps.iter_mut())
                .find(|step| known.cells & !(step.filled | step.clue.touches()) == 0)
                .expect("every touched cell is some clue's");
            owner.closing |= 1 << at;
        }
        true
    }

    /// From step `at` on, every way to fill the cells left that meets the
    /// clues, given `backslashes` (the `\` among the cells filled so far),
    /// each complete filling passed to `visit` until it returns false
    /// (and then so does this).
    fn descend(&self, at: usize, backslashes: u16, visit: &mut impl FnMut(u16) -> bool) -> bool {
        let Some(step) = self.steps[..self.count].get(at) else {
            return visit(backslashes);
        };
        let drawn = lines_drawn(&step.clue, backslashes, step.filled);
        let Some(wanted) = u32::from(step.clue.lines).checked_sub(drawn) else {
            return true;
        };
        let Some(&(start, end)) = CHOICE_SPANS[usize::from(step.fresh)].get(wanted as usize) else {
            return true;
        };
        let last = at + 1 == self.count;
        let choices = &FRAME_CHOICES[usize::from(step.up_left)];
        for &cells in &choices[usize::from(start)..usize::from(end)] {
            let next = backslashes | cells;
            if closes(step.closing, next) {
                continue;
            }
            // The last step visits its fillings itself: a call a filling
            // was a fifth of the walk.
            let going_on = match last {
                true => visit(next),
                false => self.descend(at + 1, next, visit),
            };
            if !going_on {
                return false;
            }
        }
        true
    }
}

/// Of the `pending` clues of `window` (bits in reading order), the one
/// with the fewest touched cells outside `filled`, the first of those.
fn fewest_open(window: &Window, pending: u16, filled: u16) -> usize {
    let (mut best, mut fewest) = (0, u32::MAX);
    for at in bits_of(pending) {
        let open = cells_in(window.clues[at].touches() & !filled);
        if open < fewest {
            (best, fewest) = (at, open);
        }
    }
    best
}

/// Whether `filling` closes one of the loops `closing` picks (bits of
/// [`LOOPS`]).
fn closes(closing: u64, filling: u16) -> bool {
    let mut left = closing;
    while left != 0 {
        let known = &LOOPS.loops[left.trailing_zeros() as usize];
        if filling & known.cells == known.backslashes {
            return true;
        }
        left &= left - 1;
    }
    false
}

/// The lines `filling` (the `\` of a window's cells) draws to `clue`'s
/// corner among the cells `among`: a cell touches a corner by one
/// diagonal only, so one count does.
fn lines_drawn(clue: &WindowClue, filling: u16, among: u16) -> u32 {
    cells_in(((filling & clue.backslash_touches) | (!filling & clue.slash_touches)) & among)
}

/// The set bits of `mask`, lowest first.
pub(crate) fn bits_of(mask: u16) -> impl Iterator<Item = usize> {
    let mut bits = mask;
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let at = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            at
        })
    })
}

/// How many cells of a window `mask` holds, by bytes from a table: the
/// build targets x86-64 without its popcount instruction, and
/// `count_ones` there is a dozen steps, which counting the lines of every
/// partial filling made a tenth of building a model.
pub(crate) fn cells_in(mask: u16) -> u32 {
    let [low, high] = mask.to_le_bytes();
    u32::from(BITS_IN_BYTE[usize::from(low)] + BITS_IN_BYTE[usize::from(high)])
}

/// How many bits each byte has set.
const BITS_IN_BYTE: [u8; 256] = {
    let mut counts = [0u8; 256];
    let mut byte = 1;
    while byte < 256 {
        counts[byte] = counts[byte / 2] + (byte % 2) as u8;
        byte += 1;
    }
    counts
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The fillings of a window whose cells are all open.
    fn fillings(touched: u16, clues: &[WindowClue]) -> Vec<u16> {
        held_fillings(touched, clues, 0, 0)
    }

    /// The fillings of a window that agree with the cells held to `\\`
    /// (`backslash`) and to `/` (`slash`).
    fn held_fillings(touched: u16, clues: &[WindowClue], backslash: u16, slash: u16) -> Vec<u16> {
        let mut found = Vec::new();
        Window::new(touched, clues).for_each_filling(backslash, slash, |filling| {
            found.push(filling);
            true
        });
        found
    }

    /// The 2x2 cells at the top left of the 4×4, in reading order: bits 0,
    /// 1, 4 and 5 of the 4×4.
    const TOP_LEFT_2X2: u16 = 0b11_0011;

    /// The corner between the 2x2 cells at the top left, as a clue of
    /// `lines`: touched by the `\` of the first and last cell (bits 0 and
    /// 5) and the `/` of the other two (bits 1 and 4).
    fn middle(lines: u8) -> WindowClue {
        WindowClue {
            lines,
            backslash_touches: 0b10_0001,
            slash_touches: 0b1_0010,
            corner: (CORNERS_ACROSS + 1) as u8,
        }
    }

    /// A clue made on the window's frame touches the cells the grid keeps
    /// around its corner, by the diagonal that reaches it.
    #[test]
    fn a_clue_at_a_corner_is_the_middle_one() {
        let clue = WindowClue::at(2, 1, 1, TOP_LEFT_2X2);
        assert_eq!(
            (clue.backslash_touches, clue.slash_touches, clue.corner),
            (
                middle(2).backslash_touches,
                middle(2).slash_touches,
                middle(2).corner
            )
        );
        // The top row cut off by the border: only the lower two cells.
        let clue = WindowClue::at(2, 1, 1, TOP_LEFT_2X2 & !0x000f);
        assert_eq!(
            (clue.backslash_touches, clue.slash_touches),
            (0b10_0000, 0b1_0000)
        );
    }

    /// A lone 2x2 block with a 4 in the middle: both `\` on the main
    /// diagonal cells and `/` on the others, one filling.
    #[test]
    fn a_four_in_the_middle_has_one_filling() {
        assert_eq!(fillings(TOP_LEFT_2X2, &[middle(4)]), vec![0b10_0001]);
    }

    /// A 0 in the middle of 2x2 cells makes a diamond of the four other
    /// diagonals: a loop, so no filling.
    #[test]
    fn a_zero_in_the_middle_closes_a_loop() {
        assert!(fillings(TOP_LEFT_2X2, &[middle(0)]).is_empty());
    }

    /// A 2 in the middle of 2x2 cells: of the six ways to draw two of its
    /// four lines, none closes a loop (the diamond needs a 0).
    #[test]
    fn a_two_in_the_middle_has_six_fillings() {
        assert_eq!(fillings(TOP_LEFT_2X2, &[middle(2)]).len(), 6);
    }

    /// The compile-time choices of a clue: for each set of its cells, every
    /// subset once, under the number of lines it draws to the clue.
    #[test]
    fn every_choice_is_listed_once_under_its_lines() {
        for fresh in 0u8..16 {
            let mut seen = Vec::new();
            for (lines, &(start, end)) in CHOICE_SPANS[usize::from(fresh)].iter().enumerate() {
                for &choice in &CHOICES[usize::from(start)..usize::from(end)] {
                    let (backslash, slash) = (0b1001u8, 0b0110u8);
                    let drawn = (choice & fresh & backslash).count_ones()
                        + (!choice & fresh & slash).count_ones();
                    assert_eq!(drawn as usize, lines, "{choice:04b} of {fresh:04b}");
                    assert_eq!(choice & !fresh, 0);
                    seen.push(choice);
                }
            }
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), 1 << fresh.count_ones(), "{fresh:04b}");
        }
    }

    /// Every loop found is one: its diagonals meet each corner they touch
    /// exactly twice. (That every loop is found, the brute force below
    /// shows.)
    #[test]
    fn every_loop_found_is_a_loop() {
        for known in &LOOPS.loops[..LOOPS.count] {
            let mut degrees = [0u8; CORNERS_ACROSS * CORNERS_ACROSS];
            for (a, b) in diagonals(known.cells, known.backslashes) {
                degrees[a] += 1;
                degrees[b] += 1;
            }
            assert!(degrees.iter().all(|&degree| degree == 0 || degree == 2));
        }
    }

    /// The loop tables pick, for every set of cells and of narrow corners,
    /// the loops a test of each loop in turn picks.
    #[test]
    fn loop_tables_pick_as_a_test_of_each_loop() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for touched in 0..=u16::MAX {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // A few narrow corners (a quarter of them, or none), as windows have.
            let sparse = seed as u32 & (seed >> 32) as u32 & 0x1ff_ffff;
            let narrow = if touched % 3 == 0 { 0 } else { sparse };
            let wanted = (LOOPS.loops[..LOOPS.count].iter().enumerate())
                .filter(|(_, known)| known.cells & !touched == 0 && known.corners & narrow == 0)
                .fold(0u64, |loops, (at, _)| loops | 1 << at);
            let picked =
                LOOPS_BY_CELLS.within(u32::from(touched)) & !LOOPS_BY_CORNERS.through(narrow);
            assert_eq!(picked, wanted, "cells {touched:#x}, corners {narrow:#x}");
        }
    }

    /// The diagonals of the 4×4 cells `cells` (`\` where `backslashes`
    /// says), as pairs of corners of the 5×5.
    fn diagonals(cells: u16, backslashes: u16) -> impl Iterator<Item = (usize, usize)> {
        (0..MAX_CELLS)
            .filter(move |&cell| cells >> cell & 1 == 1)
            .map(move |cell| {
                let (row, column) = (cell / CELLS_ACROSS, cell % CELLS_ACROSS);
                let corner = |r: usize, c: usize| r * CORNERS_ACROSS + c;
                match backslashes >> cell & 1 {
                    1 => (corner(row, column), corner(row + 1, column + 1)),
                    _ => (corner(row, column + 1), corner(row + 1, column)),
                }
            })
    }

    /// Whether the diagonals close a loop: a union-find of the corners.
    fn closes_loop(cells: u16, backslashes: u16) -> bool {
        let mut parents: Vec<usize> = (0..CORNERS_ACROSS * CORNERS_ACROSS).collect();
        let root = |parents: &mut Vec<usize>, mut at: usize| {
            while parents[at] != at {
                at = parents[at];
            }
            at
        };
        diagonals(cells, backslashes).any(|(a, b)| {
            let (a, b) = (root(&mut parents, a), root(&mut parents, b));
            parents[a] = b;
            a == b
        })
    }

    /// Random windows (clues on random corners among the middle 3×3 of the
    /// 5×5, some sides of cells cut off as by the grid's border) against
    /// every filling of their cells, counted and checked for loops one by
    /// one.
    #[test]
    fn random_windows_match_brute_force() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut random = move |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        let mut nonempty = 0;
        for _ in 0..3000 {
            // Cells kept: a row or column at each side may be cut off.
            let mut kept = u16::MAX;
            let sides = [0x000f, 0xf000, 0x1111, 0x8888];
            for side in sides {
                if random(4) == 0 {
                    kept &= !side;
                }
            }
            let mut clue_corners = Vec::new();
            for corner in 0..9 {
                if random(3) == 0 {
                    clue_corners.push((1 + corner / 3, 1 + corner % 3, random(5) as u8));
                }
            }
            // Each clue's touches, over the 4×4 cells kept.
            let touches = |row: usize, column: usize| {
                let cell = |r: usize, c: usize| 1u16 << (r * CELLS_ACROSS + c);
                let backslashes = (cell(row - 1, column - 1) | cell(row, column)) & kept;
                let slashes = (cell(row - 1, column) | cell(row, column - 1)) & kept;
                (backslashes, slashes)
            };
            let touched = (clue_corners.iter())
                .map(|&(r, c, _)| touches(r, c))
                .fold(0, |all, (b, s)| all | b | s);
            if clue_corners.is_empty() || touched == 0 {
                continue;
            }
            let clues: Vec<WindowClue> = (clue_corners.iter())
                .map(|&(r, c, lines)| {
                    let (b, s) = touches(r, c);
                    WindowClue {
                        lines,
                        backslash_touches: b,
                        slash_touches: s,
                        corner: (r * CORNERS_ACROSS + c) as u8,
                    }
                })
                .collect();
            let mut found = fillings(touched, &clues);
            found.sort_unstable();
            let cells: Vec<usize> = (0..MAX_CELLS).filter(|&c| touched >> c & 1 == 1).collect();
            // Every filling of the touched cells, as a mask of the frame.
            let wanted: Vec<u16> = (0u32..1 << cells.len())
                .map(|filling| {
                    (cells.iter().enumerate())
                        .filter(|&(at, _)| filling >> at & 1 == 1)
                        .fold(0u16, |all, (_, &cell)| all | 1 << cell)
                })
                .filter(|&backslashes| {
                    let meets = clue_corners.iter().all(|&(r, c, lines)| {
                        let (b, s) = touches(r, c);
                        ((b & backslashes).count_ones() + (s & !backslashes).count_ones())
                            == u32::from(lines)
                    });
                    meets && !closes_loop(touched, backslashes)
                })
                .collect();
            assert_eq!(
                found, wanted,
                "clues {clue_corners:?}, cells kept {kept:#x}"
            );
            nonempty += usize::from(!wanted.is_empty());
            // Some cells held one way or the other: the fillings that agree.
            let (mut backslash, mut slash) = (0u16, 0u16);
            for &cell in &cells {
                match random(3) {
                    0 => backslash |= 1 << cell,
                    1 => slash |= 1 << cell,
                    _ => {}
                }
            }
            let mut held = held_fillings(touched, &clues, backslash, slash);
            held.sort_unstable();
            let agreeing: Vec<u16> = (wanted.iter().copied())
                .filter(|&filling| filling & backslash == backslash && filling & slash == 0)
                .collect();
            assert_eq!(
                held, agreeing,
                "clues {clue_corners:?}, held {backslash:#x} {slash:#x}"
            );
            let window = Window::new(touched, &clues);
            let live = window.live(backslash, slash);
            // Counted in full, or stopped with several cells open.
            let open = touched & !(backslash | slash);
            let stopped = cells_in(open) >= FEW_OPEN && (live.count as usize) < agreeing.len();
            assert!(live.count as usize == agreeing.len() || stopped);
            let some = agreeing.iter().fold(0, |all, &filling| all | filling);
            let every = agreeing
                .iter()
                .fold(u16::MAX, |all, &filling| all & filling);
            assert_eq!((live.some_backslash, live.every_backslash), (some, every));
            // A filling holds exactly when the walk finds it.
            for filling in 0u32..1 << cells.len() {
                let backslashes = (cells.iter().enumerate())
                    .filter(|&(at, _)| filling >> at & 1 == 1)
                    .fold(0u16, |all, (_, &cell)| all | 1 << cell);
                let found = wanted.binary_search(&backslashes).is_ok();
                assert_eq!(window.holds(backslashes), found, "{backslashes:#x}");
            }
        }
        assert!(nonempty > 100, "only {nonempty} windows with fillings");
    }
}
