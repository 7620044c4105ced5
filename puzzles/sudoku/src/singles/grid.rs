//! [`GridRule`]: singles and locked candidates over a whole grid of side at most 9,
//! on one mask of cells per value and band.
//!
//! The rule turns the cell domains around once per run: `masks[value][band]` holds the
//! band's cells (bit `line * N + column`) where the value is still possible — the
//! layout of JCZSolve and of the published `sudoku` crate. Each inference is then a
//! few operations or table look-ups on one mask:
//!
//! - **naked singles**: counting, over the values, how many candidates each cell of a
//!   band has; a value solved in a cell leaves the rest of its row (the closure below
//!   then clears its box) and its column in the other bands;
//! - **claiming and pointing within a band**: each row shrinks to the boxes it
//!   touches, and the band's pattern (rows × boxes) maps to the cells left once both
//!   have run to their fixpoint, and to the *locked* segments (alone in their row and
//!   in their box);
//! - **hidden singles of rows and boxes**: a locked segment whose box has one column
//!   left holds one cell;
//! - **pointing along columns**: a box whose value lies in one column takes that
//!   column from the other bands;
//! - **claiming along columns**: a column whose value lies in one band confines the
//!   value of that band's box to the column;
//! - **conflicts**: a cell without candidates, a value solved twice in a row or
//!   column, a row, box or column without a place for a value.
//!
//! Only at the end are the masks turned back into cells, and each cell that lost
//! candidates is narrowed once through the [`Context`].

use sieve::fast::{WordChanges, Words};
use sieve::prelude::*;

use crate::shape::Shape;

/// The largest grid side this rule takes: a band's masks are `u32` (3 × 9 bits).
const MAX_SIZE: usize = 9;
/// The most bands a grid this rule takes has.
const MAX_BANDS: usize = 3;
/// The most cells of such a grid.
const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// The conflicts the rule can find.
const EMPTY_CELL: Why<'static> = Why::new("cell has no candidate left");
const TWICE: Why<'static> = Why::new("value solved twice in a unit");
const NO_PLACE: Why<'static> = Why::new("value has no place in a unit");
/// The inference behind every change (the tier rules explain one kind at a time).
const DEDUCED: Why<'static> = Why::new("singles and locked candidates");

/// Naked singles, hidden singles and locked candidates (pointing and claiming, along
/// rows and along columns) over a whole grid, to the grid's fixpoint in one run.
///
/// For the shapes 2x2, 2x3, 3x2 and 3x3 (see [`GridRule::supports`]); larger grids use
/// one [`super::ChuteRule`] per band and stack.
pub struct GridRule {
    shape: Shape,
    cells: Vec<VarId>,
    tables: BandTables,
}

impl GridRule {
    /// Whether the rule takes grids of this shape.
    pub fn supports(shape: Shape) -> bool {
        matches!(
            (shape.box_rows(), shape.box_cols()),
            (2, 2) | (2, 3) | (3, 2) | (3, 3)
        )
    }

    /// The rule over every cell of `shape`, whose variables are `cells[i]` in reading
    /// order; `None` when the shape is not supported.
    pub fn new(shape: Shape, cells: &[VarId]) -> Option<Self> {
        if !Self::supports(shape) || cells.len() != shape.cell_count() {
            return None;
        }
        Some(GridRule {
            shape,
            cells: cells.to_vec(),
            tables: BandTables::new(shape.box_rows(), shape.box_cols()),
        })
    }
}

impl Rule for GridRule {
    fn name(&self) -> &str {
        "grid singles and locked candidates"
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.cells, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        match (self.shape.box_rows(), self.shape.box_cols()) {
            (3, 3) => run::<3, 3>(self, ctx),
            (2, 3) => run::<2, 3>(self, ctx),
            (3, 2) => run::<3, 2>(self, ctx),
            _ => run::<2, 2>(self, ctx),
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        let size = self.shape.size();
        let mut seen = [[0u64; MAX_SIZE]; 3];
        for (cell, var) in self.cells.iter().enumerate() {
            let bit = 1u64 << (values[var.index()] % 64);
            let (row, col) = (cell / size, cell % size);
            seen[0][row % MAX_SIZE] |= bit;
            seen[1][col % MAX_SIZE] |= bit;
            seen[2][self.shape.box_at(row, col) % MAX_SIZE] |= bit;
        }
        let all = self.shape.full_mask();
        seen.iter()
            .all(|units| units[..size].iter().all(|&unit| unit == all))
    }
}

/// Entries of every table: indices are at most 9 bits (a row of 9 cells, or a band
/// pattern of 3 × 3 segments), masked with [`INDEX`] so that look-ups need no check.
const ENTRIES: usize = 512;
const INDEX: usize = ENTRIES - 1;

/// Look-up tables for the bands of an `R × C` box shape (`N = R·C`; a band has `R`
/// rows and crosses `R` boxes of `C` columns).
struct BandTables {
    /// A row's cells holding a value (`N` bits) → which of the band's boxes they touch.
    row_boxes: Box<[u8; ENTRIES]>,
    /// A band pattern (bit `row * R + box`) → the cells claiming and pointing leave,
    /// or 0 when some row or box has no place left (a conflict).
    allowed: Box<[u32; ENTRIES]>,
    /// A band pattern → the cells of its locked segments (alone in their row and in
    /// their box once claiming and pointing are done).
    locked: Box<[u32; ENTRIES]>,
    /// The band's columns holding a value (`N` bits) → the columns that are the only
    /// one left in their box.
    lone_column: Box<[u16; ENTRIES]>,
    /// The columns whose value lies in this band alone (`N` bits) → the columns the
    /// band's boxes keep: a box with one such column keeps it alone, a box with two
    /// keeps none (a conflict), the others keep all theirs.
    confined: Box<[u16; ENTRIES]>,
}

/// A table of [`ENTRIES`] from its first entries (the rest stay 0: never looked up).
fn table<T: Copy + Default>(entries: impl Iterator<Item = T>) -> Box<[T; ENTRIES]> {
    let mut table = Box::new([T::default(); ENTRIES]);
    for (slot, entry) in table.iter_mut().zip(entries) {
        *slot = entry;
    }
    table
}

impl BandTables {
    fn new(rows: usize, cols: usize) -> Self {
        let size = rows * cols;
        let column_mask = (1u32 << cols) - 1;
        let box_columns = |block: usize| column_mask << (block * cols);
        let row_boxes = table((0..1u32 << size).map(|row| {
            (0..rows)
                .filter(|&block| row & box_columns(block) != 0)
                .fold(0u8, |boxes, block| boxes | 1 << block)
        }));
        let lone_column = table((0..1u32 << size).map(|columns| {
            (0..rows)
                .map(|block| columns & box_columns(block))
                .filter(|in_box| in_box.is_power_of_two())
                .fold(0u16, |lone, in_box| lone | in_box as u16)
        }));
        let confined = table((0..1u32 << size).map(|only| {
            (0..rows)
                .map(|block| match (only & box_columns(block)).count_ones() {
                    0 => box_columns(block),
                    1 => only & box_columns(block),
                    _ => 0,
                })
                .fold(0u16, |kept, columns| kept | columns as u16)
        }));
        let patterns = Patterns { rows, cols };
        let (mut allowed, mut locked) = (Vec::new(), Vec::new());
        for pattern in 0..1u32 << (rows * rows) {
            let closed = patterns.close(pattern);
            if patterns.complete(closed) {
                allowed.push(patterns.cells(closed));
                locked.push(patterns.cells(patterns.locked(closed)));
            } else {
                allowed.push(0);
                locked.push(0);
            }
        }
        BandTables {
            row_boxes,
            allowed: table(allowed.into_iter()),
            locked: table(locked.into_iter()),
            lone_column,
            confined,
        }
    }
}

/// Segment patterns of a band: bit `row * R + box` says where that row meets that box
/// the value is still possible.
struct Patterns {
    rows: usize,
    cols: usize,
}

impl Patterns {
    fn boxes_of_row(&self, pattern: u32, row: usize) -> u32 {
        pattern >> (row * self.rows) & ((1 << self.rows) - 1)
    }

    fn rows_of_box(&self, pattern: u32, block: usize) -> u32 {
        (0..self.rows)
            .filter(|row| pattern >> (row * self.rows + block) & 1 == 1)
            .fold(0, |rows, row| rows | 1 << row)
    }

    fn bit(&self, row: usize, block: usize) -> u32 {
        1 << (row * self.rows + block)
    }

    /// Claiming and pointing until nothing changes: a row whose value lies in one box
    /// takes it from that box's other rows; a box whose value lies on one row takes it
    /// from that row's other boxes.
    fn close(&self, mut pattern: u32) -> u32 {
        loop {
            let before = pattern;
            for row in 0..self.rows {
                let boxes = self.boxes_of_row(pattern, row);
                if boxes.count_ones() == 1 {
                    let block = boxes.trailing_zeros() as usize;
                    for other in (0..self.rows).filter(|&other| other != row) {
                        pattern &= !self.bit(other, block);
                    }
                }
            }
            for block in 0..self.rows {
                let rows = self.rows_of_box(pattern, block);
                if rows.count_ones() == 1 {
                    let row = rows.trailing_zeros() as usize;
                    for other in (0..self.rows).filter(|&other| other != block) {
                        pattern &= !self.bit(row, other);
                    }
                }
            }
            if pattern == before {
                return pattern;
            }
        }
    }

    /// Whether every row and every box still has a segment.
    fn complete(&self, pattern: u32) -> bool {
        (0..self.rows)
            .all(|i| self.boxes_of_row(pattern, i) != 0 && self.rows_of_box(pattern, i) != 0)
    }

    /// The segments alone in their row and in their box.
    fn locked(&self, pattern: u32) -> u32 {
        let mut locked = 0;
        for row in 0..self.rows {
            for block in 0..self.rows {
                if self.boxes_of_row(pattern, row) == 1 << block
                    && self.rows_of_box(pattern, block) == 1 << row
                {
                    locked |= self.bit(row, block);
                }
            }
        }
        locked
    }

    /// The cells of the segments of a pattern.
    fn cells(&self, pattern: u32) -> u32 {
        let size = self.rows * self.cols;
        let column_mask = (1u32 << self.cols) - 1;
        let mut cells = 0;
        for row in 0..self.rows {
            for block in 0..self.rows {
                if pattern & self.bit(row, block) != 0 {
                    cells |= column_mask << (row * size + block * self.cols);
                }
            }
        }
        cells
    }
}

/// `masks[value][band]`: the cells of the band where the value is still possible.
type Masks = [[u32; MAX_BANDS]; MAX_SIZE];

/// The band's columns (`N` bits) where a mask has a cell.
#[inline(always)]
fn columns<const R: usize, const C: usize>(mask: u32) -> u32 {
    let size = R * C;
    let mut columns = 0;
    for row in 0..R {
        columns |= mask >> (row * size);
    }
    columns & ((1 << size) - 1)
}

/// A set of columns (`N` bits) as cells of every row of a band: one multiplication,
/// since the copies do not overlap.
#[inline(always)]
fn spread<const R: usize, const C: usize>(columns: u32) -> u32 {
    let size = R * C;
    let mut rows = 0u32;
    for row in 0..R {
        rows |= 1 << (row * size);
    }
    columns.wrapping_mul(rows)
}

/// How the grid reads a cell's word: from the slice of every one-word domain when
/// the state is laid out so (one check a run instead of one a cell), else through
/// the domain.
#[inline(always)]
fn cell_words<'c>(ctx: &'c Context<'_>) -> impl Fn(VarId) -> u64 + 'c {
    let domains = ctx.domains();
    let all = domains.single_words();
    move |cell| match all {
        Some(words) => words[cell.index()],
        None => domains.word(cell),
    }
}

/// Read the cell domains into masks of cells per value and band.
#[inline(always)]
fn read<const R: usize, const C: usize>(rule: &GridRule, ctx: &Context<'_>) -> Masks {
    if R == 3 && C == 3 {
        return read_9x9(rule, ctx);
    }
    let band_cells = R * R * C;
    let word_of = cell_words(ctx);
    let mut masks = [[0u32; MAX_BANDS]; MAX_SIZE];
    for (index, &cell) in rule.cells.iter().enumerate() {
        let (band, bit) = (index / band_cells, index % band_cells);
        let mut rest = word_of(cell);
        while rest != 0 {
            masks[rest.trailing_zeros() as usize % MAX_SIZE][band % MAX_BANDS] |= 1 << bit;
            rest &= rest - 1;
        }
    }
    masks
}

/// Cells of a 9x9 packed into one word to be turned around together (7 × 9 bits).
const PACKED: usize = 7;
/// Bit 0 of each packed cell.
const FIRST_BITS: u64 = 0x0040_2010_0804_0201;
/// Multiplying the first bits by this moves bit `9k` to bit `48 + k`; every partial
/// product lands on its own bit, so no carry disturbs the result.
const GATHER: u64 = 0x0001_0101_0101_0101;

/// [`read`] for 9x9, without a branch per candidate: seven cells at a time are packed
/// into one word, and each value's bits are gathered by one multiplication.
#[inline(always)]
fn read_9x9(rule: &GridRule, ctx: &Context<'_>) -> Masks {
    // Seven cells a word: four words a band (7 + 7 + 7 + 6 cells).
    let word_of = cell_words(ctx);
    let mut packed = [0u64; 4 * MAX_BANDS];
    for (band, cells) in rule.cells.chunks_exact(27).enumerate().take(MAX_BANDS) {
        for (group, cells) in cells.chunks(PACKED).enumerate() {
            let mut word = 0u64;
            for (slot, &cell) in cells.iter().enumerate() {
                word |= word_of(cell) << (9 * slot);
            }
            packed[(band * 4 + group) % packed.len()] = word;
        }
    }
    let mut masks = [[0u32; MAX_BANDS]; MAX_SIZE];
    for (value, masks) in masks.iter_mut().enumerate() {
        for (band, mask) in masks.iter_mut().enumerate() {
            for group in 0..4 {
                let first = (packed[band * 4 + group] >> value) & FIRST_BITS;
                let row = (first.wrapping_mul(GATHER) >> 48) & 0x7f;
                *mask |= (row as u32) << (PACKED * group);
            }
        }
    }
    masks
}

/// The rule's run: every inference to the grid's fixpoint, then one narrowing per cell.
#[inline(always)]
fn run<const R: usize, const C: usize>(
    rule: &GridRule,
    ctx: &mut Context<'_>,
) -> Result<(), Conflict> {
    let start = read::<R, C>(rule, ctx);
    let mut masks = start;
    match settle::<R, C>(&rule.tables, &mut masks) {
        Ok(()) => write::<R, C>(rule, ctx, &start, &masks),
        Err(why) => Err(ctx.conflict(why)),
    }
}

/// Whether two values' masks over the bands differ, one band at a time (comparing
/// the arrays whole reloads freshly stored words at another width, which stalls).
#[inline(always)]
fn differ<const C: usize>(a: &[u32; MAX_BANDS], b: &[u32; MAX_BANDS]) -> bool {
    let mut differ = false;
    for band in 0..C {
        differ |= a[band] != b[band];
    }
    differ
}

/// Sweep every inference over the values until a sweep changes nothing. A subband
/// (one value in one band) and a value's columns are looked at again only when their
/// masks changed since the last look.
#[inline(always)]
fn settle<const R: usize, const C: usize>(
    tables: &BandTables,
    masks: &mut Masks,
) -> Result<(), &'static Why<'static>> {
    let size = R * C;
    let mut seen = [[u32::MAX; MAX_BANDS]; MAX_SIZE];
    let mut claimed = [[u32::MAX; MAX_BANDS]; MAX_SIZE];
    let mut placed = [0u32; MAX_BANDS];
    loop {
        let before = *masks;
        for (band, placed) in placed.iter_mut().enumerate().take(C) {
            naked_singles::<R, C>(masks, band, placed)?;
        }
        for value in 0..size {
            for band in 0..C {
                if masks[value][band] != seen[value][band] {
                    band_value::<R, C>(tables, masks, value, band, placed[band])?;
                    seen[value][band] = masks[value][band];
                }
            }
            if differ::<C>(&masks[value], &claimed[value]) {
                claimed[value] = claim_columns::<R, C>(tables, &mut masks[value])?;
            }
        }
        let mut changed = false;
        for value in 0..size {
            changed |= differ::<C>(&masks[value], &before[value]);
        }
        if !changed {
            return Ok(());
        }
    }
}

/// Cells of one band left with one candidate since the last look: their value leaves
/// the rest of their row, and their column in the other bands.
#[inline(always)]
fn naked_singles<const R: usize, const C: usize>(
    masks: &mut Masks,
    band: usize,
    placed: &mut u32,
) -> Result<(), &'static Why<'static>> {
    let size = R * C;
    let row_mask = (1u32 << size) - 1;
    let (mut once, mut twice) = (0u32, 0u32);
    for digit in masks.iter().take(size) {
        twice |= once & digit[band];
        once |= digit[band];
    }
    if once != (1u32 << (R * size)) - 1 {
        return Err(&EMPTY_CELL);
    }
    let fresh = once & !twice & !*placed;
    if fresh == 0 {
        return Ok(());
    }
    *placed |= fresh;
    for digit in masks.iter_mut().take(size) {
        let here = digit[band] & fresh;
        if here == 0 {
            continue;
        }
        // Rows holding a solved cell, and a clash: two solved cells on one row, or
        // (across rows) in one column. No popcount: it is slow without a CPU flag.
        let (mut rows, mut in_columns, mut clash) = (0u32, 0u32, 0u32);
        for row in 0..R {
            let in_row = here >> (row * size) & row_mask;
            clash |= (in_row & in_row.wrapping_sub(1)) | (in_columns & in_row);
            in_columns |= in_row;
            if in_row != 0 {
                rows |= row_mask << (row * size);
            }
        }
        if clash != 0 {
            return Err(&TWICE);
        }
        digit[band] = (digit[band] & !rows) | here;
        let column_cells = spread::<R, C>(in_columns);
        for (other, mask) in digit.iter_mut().enumerate().take(C) {
            if other != band {
                *mask &= !column_cells;
            }
        }
    }
    Ok(())
}

/// One value in one band: claiming and pointing within the band, hidden singles of
/// its rows and boxes, and pointing along columns into the other bands.
#[inline(always)]
fn band_value<const R: usize, const C: usize>(
    tables: &BandTables,
    masks: &mut Masks,
    value: usize,
    band: usize,
    placed: u32,
) -> Result<(), &'static Why<'static>> {
    let size = R * C;
    let row_mask = (1u32 << size) - 1;
    let mask = masks[value][band];
    let mut pattern = 0usize;
    for row in 0..R {
        let in_row = (mask >> (row * size) & row_mask) as usize;
        pattern |= usize::from(tables.row_boxes[in_row & INDEX]) << (row * R);
    }
    let pattern = pattern & INDEX;
    let kept = mask & tables.allowed[pattern];
    if kept == 0 {
        return Err(&NO_PLACE);
    }
    masks[value][band] = kept;
    let lone = spread::<R, C>(u32::from(
        tables.lone_column[columns::<R, C>(kept) as usize & INDEX],
    ));
    for (other, mask) in masks[value].iter_mut().enumerate().take(C) {
        if other != band {
            *mask &= !lone;
        }
    }
    let single = kept & tables.locked[pattern] & lone & !placed;
    if single != 0 {
        for (other, digit) in masks.iter_mut().enumerate().take(size) {
            if other != value {
                digit[band] &= !single;
            }
        }
    }
    Ok(())
}

/// One value across the bands: a column with no place is a conflict, and a column
/// whose places all lie in one band confines that band's box to the column. Returns
/// the value's masks as left (built in registers: copying them back from memory
/// right after storing them would stall).
#[inline(always)]
fn claim_columns<const R: usize, const C: usize>(
    tables: &BandTables,
    bands: &mut [u32; MAX_BANDS],
) -> Result<[u32; MAX_BANDS], &'static Why<'static>> {
    let size = R * C;
    let mut in_band = [0u32; MAX_BANDS];
    let (mut once, mut twice) = (0u32, 0u32);
    for band in 0..C {
        in_band[band] = columns::<R, C>(bands[band]);
        twice |= once & in_band[band];
        once |= in_band[band];
    }
    if once != (1 << size) - 1 {
        return Err(&NO_PLACE);
    }
    let mut left = [u32::MAX; MAX_BANDS];
    for band in 0..C {
        let only_here = in_band[band] & !twice;
        let keep = u32::from(tables.confined[only_here as usize & INDEX]);
        left[band] = bands[band] & spread::<R, C>(keep);
        bands[band] = left[band];
    }
    Ok(left)
}

/// Turn the masks back into cells and narrow every cell that lost candidates.
#[inline(always)]
fn write<const R: usize, const C: usize>(
    rule: &GridRule,
    ctx: &mut Context<'_>,
    start: &Masks,
    masks: &Masks,
) -> Result<(), Conflict> {
    let size = R * C;
    let band_cells = R * size;
    let mut removed = [0u64; MAX_CELLS];
    let mut touched = [0u32; MAX_BANDS];
    for (value, (before, after)) in start.iter().zip(masks).enumerate().take(size) {
        for band in 0..C {
            let mut gone = before[band] & !after[band];
            touched[band] |= gone;
            while gone != 0 {
                let bit = gone.trailing_zeros() as usize;
                removed[(band * band_cells + bit) % MAX_CELLS] |= 1 << value;
                gone &= gone - 1;
            }
        }
    }
    for (band, &cells) in touched.iter().enumerate().take(C) {
        let mut rest = cells;
        while rest != 0 {
            let index = band * band_cells + rest.trailing_zeros() as usize;
            rest &= rest - 1;
            ctx.remove_word(rule.cells[index], removed[index % MAX_CELLS], &DEDUCED)?;
        }
    }
    Ok(())
}
