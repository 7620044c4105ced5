//! The line rules: each row and each column read as a word of cell shapes that
//! an automaton accepts when it holds its count of track cells and its pieces
//! join up along it (a cell leads right exactly when the next one leads left).
//! Domain consistency on that word ([`Regular`]) makes every deduction about
//! one line at once — Tatham's "single", "loose end" and "neighbours" checks
//! of his tricky and hard levels are all deductions about one row or column:
//! where the last track cell of a column can go, which way a loose end must
//! turn.

use sieve::rules::{Automaton, Regular};
use sieve::{Model, VarId};

use crate::puzzle::{DOWN, LEFT, Puzzle, RIGHT, UP};
use crate::shapes::{SHAPES, value_of};

/// Adds a line rule for every column, then every row, that `wanted` (given the
/// line's shape variables) asks for: a line whose cells are all settled needs
/// none, since every line rule is implied by the puzzle.
pub fn add_lines(
    model: &mut Model,
    puzzle: &Puzzle,
    shapes: &[VarId],
    wanted: impl Fn(&[VarId]) -> bool,
) -> Result<(), sieve::Error> {
    let (width, height) = (puzzle.width(), puzzle.height());
    // Lines of one count and the same ends read one automaton: each is built
    // once, and the rules posted with copies of it share what they build.
    let mut automata = Automata::default();
    for (column, &count) in puzzle.columns().iter().enumerate() {
        let vars: Vec<VarId> = (0..height)
            .map(|row| shapes[row * width + column])
            .collect();
        if !wanted(&vars) {
            continue;
        }
        let leaves = column == puzzle.exit();
        let automaton = automata.get(count, (UP, DOWN), (false, leaves))?;
        add_line(
            model,
            format!("column {}", column + 1),
            count,
            vars,
            automaton,
        )?;
    }
    for (row, &count) in puzzle.rows().iter().enumerate() {
        let vars = &shapes[row * width..(row + 1) * width];
        if !wanted(vars) {
            continue;
        }
        let vars = vars.to_vec();
        let enters = row == puzzle.entrance();
        let automaton = automata.get(count, (LEFT, RIGHT), (enters, false))?;
        add_line(model, format!("row {}", row + 1), count, vars, automaton)?;
    }
    Ok(())
}

/// What a line's automaton depends on: its count, the sides it is read from
/// and towards, and whether the track comes in before it or goes out after it
/// (the arguments of [`line_automaton`]).
type LineKind = (usize, (u8, u8), (bool, bool));

/// The line automata built so far, by their kind.
#[derive(Default)]
struct Automata(Vec<(LineKind, Automaton)>);

impl Automata {
    /// A copy of [`line_automaton`]'s automaton for these arguments, built the
    /// first time they are asked for.
    fn get(
        &mut self,
        count: usize,
        sides: (u8, u8),
        ends: (bool, bool),
    ) -> Result<Automaton, sieve::Error> {
        let key = (count, sides, ends);
        if let Some((_, automaton)) = self.0.iter().find(|(seen, _)| *seen == key) {
            return Ok(automaton.clone());
        }
        let automaton = line_automaton(count, sides, ends)?;
        self.0.push((key, automaton.clone()));
        Ok(automaton)
    }
}

/// The rule of one line, worded with the line and its count.
fn add_line(
    model: &mut Model,
    line: String,
    count: usize,
    vars: Vec<VarId>,
    automaton: Automaton,
) -> Result<(), sieve::Error> {
    let cells = track_cells(count);
    let name = format!("{line} pieces");
    let rule = Regular::new(name, vars, automaton).wording(move |names, deduction| {
        let value = deduction
            .value
            .map_or_else(|| "that".to_string(), |value| names.value_label(value));
        format!(
            "{} cannot be {value}: no way of laying {cells} in {line}, joined up along it, has it",
            names.var_name(deduction.var)
        )
    });
    model.add_rule(rule).map(drop)
}

/// `1 track cell`, `3 track cells`.
pub fn track_cells(count: usize) -> String {
    format!("{count} track cell{}", if count == 1 { "" } else { "s" })
}

/// The automaton of a line with `count` track cells, read from the side
/// `before` towards `after` (left to right, or top to bottom), whose track
/// comes in before its first cell or goes out after its last as `ends` says.
///
/// A state is the track cells read so far and whether the last cell leads on
/// to the next: state `2 * cells + leads`.
fn line_automaton(
    count: usize,
    (before, after): (u8, u8),
    (comes_in, goes_out): (bool, bool),
) -> Result<Automaton, sieve::Error> {
    let state = |cells: usize, leads: bool| 2 * cells + usize::from(leads);
    let mut transitions = Vec::new();
    for cells in 0..=count {
        for leads in [false, true] {
            for &(mask, _) in &SHAPES {
                let enters = mask & before != 0;
                let on = usize::from(mask != 0);
                if enters != leads || cells + on > count {
                    continue;
                }
                let next = state(cells + on, mask & after != 0);
                transitions.push((state(cells, leads), value_of(mask), next));
            }
        }
    }
    let states = state(count, true) + 1;
    Automaton::new(
        states,
        state(0, comes_in),
        vec![state(count, goes_out)],
        transitions,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shapes::FIRST_SHAPE;
    use sieve::Value;

    /// The values of the shapes with these masks.
    fn word(masks: &[u8]) -> Vec<Value> {
        masks.iter().map(|&mask| value_of(mask)).collect()
    }

    #[test]
    fn a_row_accepts_joined_pieces_and_its_count() {
        let row = line_automaton(3, (LEFT, RIGHT), (false, false)).expect("an automaton");
        // ┌─┐ then an empty cell and an upright.
        let joined = [RIGHT | DOWN, LEFT | RIGHT, LEFT | DOWN, 0];
        assert!(row.accepts(&word(&joined)));
        // A turn left into nothing, a count of 4, a lead off the end: refused.
        assert!(!row.accepts(&word(&[LEFT | DOWN, 0, 0, 0])));
        assert!(!row.accepts(&word(&[UP | DOWN, UP | DOWN, UP | DOWN, UP | DOWN])));
        assert!(!row.accepts(&word(&[0, UP | DOWN, UP | DOWN, UP | RIGHT])));
        // The entrance row: the first cell comes in from the left.
        let entrance = line_automaton(2, (LEFT, RIGHT), (true, false)).expect("an automaton");
        assert!(entrance.accepts(&word(&[LEFT | RIGHT, LEFT | UP, 0])));
        assert!(!entrance.accepts(&word(&[RIGHT | DOWN, LEFT | UP, 0])));
        assert_eq!(FIRST_SHAPE, value_of(0));
    }
}
