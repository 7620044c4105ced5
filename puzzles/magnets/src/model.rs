//! A puzzle as an engine model: one variable per square, named `r1c1`…,
//! valued 0 (neutral), 1 (`+`) or 2 (`−`); a square alone is fixed to
//! neutral.
//!
//! Every rule of the puzzle lies along a line: two squares side by side
//! are in one row or one column, and so is each domino. So each column and
//! each row is one rule (`line::MagnetLine`, read with shifts of words; a
//! [`Regular`] rule over the automaton below for a line too long for them)
//! that reads the line's squares in order and knows which of them pair into
//! a domino lying along the line:
//!
//! - the second half of such a domino is the opposite of the first (`+`
//!   and `−`, or both neutral);
//! - two squares side by side are never the same pole (`+ +`, `− −`);
//! - the line holds as many `+` and `−` as its counts say, where it has
//!   counts.
//!
//! Its states are (`+` so far, `−` so far, the last square's value); the
//! automaton's are also layered by position, so that it knows where the
//! dominoes lie. ([`Tier::Lines`], a weaker set for `rate`, reads every line as if
//! no domino lay along it, and holds each domino as a rule of its own.) Domain consistency over a whole line makes every one of Tatham's
//! line deductions, easy and tricky (a domino that must be a magnet counts
//! one `+` and one `−`; the last neutral of a line cannot go to a domino
//! lying along it; as many dominoes left as poles wanted means no neutral;
//! an odd run of poles starts with the one more numerous), and more.

use sieve::names::push_cell_name;
use sieve::rules::Deduction;
use sieve::{Automaton, Config, Domains, Model, Names, Regular, Search, Table, Value, VarId};

use crate::line::{LineWording, MagnetLine};
use crate::puzzle::{Grid, Pole, Puzzle};

/// The value of a neutral square.
pub const NEUTRAL: Value = 0;
/// The value of a `+` pole.
pub const PLUS: Value = 1;
/// The value of a `−` pole.
pub const MINUS: Value = 2;

/// Which rules a model holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tier {
    /// Each line's counts with like poles apart, and each domino a rule of
    /// its own: enough for all of Tatham's easy puzzles (and about half of
    /// his tricky ones).
    Lines,
    /// Each line's automaton knows the dominoes lying along it: enough for
    /// all of his tricky puzzles.
    Dominoes,
}

impl Tier {
    /// Both tiers, weakest first.
    pub const ALL: [Tier; 2] = [Tier::Lines, Tier::Dominoes];

    /// The tier's name, as `rate` prints it.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Lines => "lines",
            Tier::Dominoes => "dominoes along lines",
        }
    }
}

/// One puzzle as an engine model.
pub struct MagnetsModel {
    puzzle: Puzzle,
    model: Model,
    cells: Vec<VarId>,
}

/// Where a square of a line stands with respect to its domino.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// The first half of a domino lying along the line.
    First,
    /// The second half of one.
    Second,
    /// Half of a domino across the line, or a square alone.
    Across,
}

/// `r1c1`… for a square, written digit by digit: the model names every
/// square for every puzzle solved, and `format!` cost four times as much.
pub fn square_name(width: usize, square: usize) -> String {
    let mut name = String::with_capacity(8);
    push_cell_name(&mut name, square / width, square % width);
    name
}

impl MagnetsModel {
    /// The model of `puzzle`, with every rule.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        Self::with_tier(puzzle, Tier::Dominoes)
    }

    /// The model of `puzzle` with the rules of `tier`.
    pub fn with_tier(puzzle: &Puzzle, tier: Tier) -> Result<Self, sieve::Error> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let mut model = Model::new();
        model.set_value_labels(vec!["neutral".into(), "+".into(), "−".into()]);
        let mut cells = Vec::with_capacity(width * height);
        for square in 0..width * height {
            let var = model.new_var(3);
            model.set_name(var, square_name(width, square));
            if puzzle.partner(square) == square {
                model.fix(var, NEUTRAL)?;
            }
            cells.push(var);
        }
        let columns = (0..width).map(|column| {
            let squares: Vec<usize> = (0..height).map(|row| row * width + column).collect();
            let counts = (
                puzzle.plus().columns[column],
                puzzle.minus().columns[column],
            );
            (format!("column {}", column + 1), squares, counts)
        });
        let rows = (0..height).map(|row| {
            let squares: Vec<usize> = (0..width).map(|column| row * width + column).collect();
            let counts = (puzzle.plus().rows[row], puzzle.minus().rows[row]);
            (format!("row {}", row + 1), squares, counts)
        });
        for (name, squares, (plus, minus)) in columns.chain(rows).collect::<Vec<_>>() {
            let places: Vec<Place> = (squares.iter().enumerate())
                .map(|(index, &square)| {
                    let partner = puzzle.partner(square);
                    if tier == Tier::Lines {
                        Place::Across
                    } else if index + 1 < squares.len() && partner == squares[index + 1] {
                        Place::First
                    } else if index > 0 && partner == squares[index - 1] {
                        Place::Second
                    } else {
                        Place::Across
                    }
                })
                .collect();
            let vars: Vec<VarId> = squares.iter().map(|&square| cells[square]).collect();
            let reason = format!(
                "no way of filling {name}{}, like poles never side by side and each magnet + and −, \
                 agrees with what is left",
                describe_counts(plus, minus)
            );
            let wording: LineWording = Box::new(cannot_be(reason));
            if MagnetLine::fits(vars.len(), plus, minus) {
                let rule = MagnetLine::new(name, vars, places, (plus, minus), wording);
                model.add_rule(rule)?;
                continue;
            }
            let automaton = line_automaton(&places, plus, minus)?;
            model.add_rule(Regular::new(name, vars, automaton).wording(wording))?;
        }
        if tier == Tier::Lines {
            add_dominoes(&mut model, puzzle, &cells)?;
        }
        Ok(MagnetsModel {
            puzzle: puzzle.clone(),
            model,
            cells,
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The engine model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The engine model, to add rules of one's own to (a stronger tier,
    /// such as [`sieve::rules::Probing`]).
    pub fn model_mut(&mut self) -> &mut Model {
        &mut self.model
    }

    /// The start state: the model's domains, with the squares alone fixed.
    pub fn start(&self) -> Domains {
        self.model.domains()
    }

    /// The variable of the square at `row`, `column` (0-based); `None` off
    /// the grid.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        (row < height && column < width).then(|| self.cells[row * width + column])
    }

    /// The variable of each square, row by row.
    pub fn cells(&self) -> &[VarId] {
        &self.cells
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The grid of a solution's values.
    pub fn solution_of(&self, values: &[Value]) -> Grid {
        let poles = (self.cells.iter())
            .map(|var| match values[var.index()] {
                PLUS => Pole::Plus,
                MINUS => Pole::Minus,
                _ => Pole::Neutral,
            })
            .collect();
        Grid::new(self.puzzle.width(), self.puzzle.height(), poles).expect("one pole a square")
    }
}

/// Each domino a magnet or neutral, as a rule of its own: a [`Table`] over
/// its two squares (the lines of [`Tier::Lines`] do not know the dominoes).
fn add_dominoes(model: &mut Model, puzzle: &Puzzle, cells: &[VarId]) -> Result<(), sieve::Error> {
    let width = puzzle.width();
    for square in 0..cells.len() {
        let other = puzzle.partner(square);
        if other <= square {
            continue;
        }
        let name = format!(
            "the domino {}–{}",
            square_name(width, square),
            square_name(width, other)
        );
        let reason = format!("{name} is a magnet, + and −, or neutral");
        let pairs = [[NEUTRAL, NEUTRAL], [PLUS, MINUS], [MINUS, PLUS]];
        let rule =
            Table::new(name, vec![cells[square], cells[other]], pairs)?.wording(cannot_be(reason));
        model.add_rule(rule)?;
    }
    Ok(())
}

/// " (2 +, 1 −)", " (2 +)", "": a line's counts in a sentence.
fn describe_counts(plus: Option<usize>, minus: Option<usize>) -> String {
    let parts: Vec<String> = [(plus, "+"), (minus, "−")]
        .iter()
        .filter_map(|&(count, sign)| count.map(|count| format!("{count} {sign}")))
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    }
}

/// A state of a layer that no path reaches.
const UNNUMBERED: usize = usize::MAX;

/// The automaton of a line whose squares stand at `places`, with these
/// counts of `+` and `−` (none: not counted). States are layered by
/// position: (position, `+` so far, `−` so far, last value), the counts
/// only where the line has them. Only the states the start reaches, with
/// the counts still reachable in the squares left, are numbered: most
/// (position, counts) pairs cannot occur, and the model is built for
/// every puzzle solved.
fn line_automaton(
    places: &[Place],
    plus: Option<usize>,
    minus: Option<usize>,
) -> Result<Automaton, sieve::Error> {
    let plus_states = plus.map_or(1, |count| count + 1);
    let minus_states = minus.map_or(1, |count| count + 1);
    let per_layer = plus_states * minus_states * 3;
    let layer_index = |pluses: usize, minuses: usize, last: Value| {
        (pluses * minus_states + minuses) * 3 + last as usize
    };
    // The states of the layer being read, by index in the layer: their
    // numbers ([`UNNUMBERED`] for none). Two lists for the whole line, the
    // next layer's cleared and swapped in, not one made a position: a list a
    // layer was a tenth of building the model (callgrind, magnets-10x10dt).
    let mut numbers = vec![UNNUMBERED; per_layer];
    let mut next = vec![UNNUMBERED; per_layer];
    numbers[layer_index(0, 0, NEUTRAL)] = 0;
    // The same states in the order they were numbered, so that transitions
    // come out grouped by source state (`Automaton::new` then lays them out
    // in one pass).
    let mut layer = vec![(0, 0, NEUTRAL, 0)];
    let mut next_layer = Vec::with_capacity(per_layer);
    let mut states = 1;
    let mut transitions = Vec::with_capacity(3 * per_layer);
    for (position, &place) in places.iter().enumerate() {
        let left = places.len() - position - 1;
        next.fill(UNNUMBERED);
        next_layer.clear();
        transitions.reserve(3 * layer.len());
        for &(pluses, minuses, last, from) in &layer {
            for value in [NEUTRAL, PLUS, MINUS] {
                let allowed = match place {
                    // The opposite of the first half: + −, − +, or neutral twice.
                    Place::Second => value == (3 - last) % 3,
                    _ => value == NEUTRAL || value != last,
                };
                // Counted poles stay within their counts, and can still
                // reach them in the squares left.
                let next_plus = pluses + usize::from(value == PLUS && plus.is_some());
                let next_minus = minuses + usize::from(value == MINUS && minus.is_some());
                let reachable = next_plus < plus_states
                    && next_minus < minus_states
                    && plus_states - 1 - next_plus <= left
                    && minus_states - 1 - next_minus <= left;
                if allowed && reachable {
                    let slot = &mut next[layer_index(next_plus, next_minus, value)];
                    if *slot == UNNUMBERED {
                        next_layer.push((next_plus, next_minus, value, states));
                        *slot = states;
                        states += 1;
                    }
                    transitions.push((from, value, *slot));
                }
            }
        }
        std::mem::swap(&mut numbers, &mut next);
        std::mem::swap(&mut layer, &mut next_layer);
    }
    let accepting = [NEUTRAL, PLUS, MINUS]
        .iter()
        .map(|&last| numbers[layer_index(plus_states - 1, minus_states - 1, last)])
        .filter(|&number| number != UNNUMBERED)
        .collect();
    Automaton::new(states, 0, accepting, transitions)
}

/// The sentence of a removal for `reason`: `r2c3 cannot be +: <reason>` (a
/// line's and a domino's rules say it alike).
fn cannot_be(reason: String) -> impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static {
    move |names: &Names, deduction: &Deduction<'_>| {
        let value = deduction
            .value
            .map_or_else(|| "that".to_string(), |value| names.value_label(value));
        format!(
            "{} cannot be {value}: {reason}",
            names.var_name(deduction.var)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_keeps_its_magnets_whole_and_its_poles_apart() {
        use Place::{Across, First, Second};
        // A domino along the line, then two squares across it.
        let places = [First, Second, Across, Across];
        let counted = line_automaton(&places, Some(2), Some(1)).unwrap();
        assert!(counted.accepts(&[PLUS, MINUS, PLUS, NEUTRAL]));
        assert!(
            !counted.accepts(&[PLUS, NEUTRAL, PLUS, NEUTRAL]),
            "a magnet broken"
        );
        assert!(
            !counted.accepts(&[MINUS, PLUS, PLUS, NEUTRAL]),
            "+ beside +"
        );
        assert!(
            !counted.accepts(&[PLUS, MINUS, NEUTRAL, NEUTRAL]),
            "one + short"
        );
        let free = line_automaton(&places, None, Some(0)).unwrap();
        assert!(free.accepts(&[NEUTRAL, NEUTRAL, PLUS, NEUTRAL]));
        assert!(
            !free.accepts(&[PLUS, MINUS, NEUTRAL, NEUTRAL]),
            "no − allowed"
        );
    }
}
