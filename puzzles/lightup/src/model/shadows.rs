//! Shadows: no light where it would make the puzzle unsolvable at once.
//!
//! A light at a square D makes some squares *dark*, unable to hold a light
//! of their own: every square it sees (its two segments), and, beside a
//! number that D's light completes, every other empty square by that
//! number. If, with those gone, some square that D does not light has no
//! square left that could light it, or some number has too few places left
//! for its lights, D cannot hold a light.
//!
//! This is Tatham's "tricky" deduction (his `discount_set`: a light whose
//! dark squares cover every way of lighting a square, or of meeting a
//! number). Each rule of the model alone does not see it, since it takes
//! two together: the segment or number that darkens, and the square or
//! number left without its lights.

use sieve::{Conflict, Context, Cost, Domains, Events, Names, Rule, Value, VarId, Watch, Why};

use super::Sight;
use super::layout::Layout;
use super::square_name;
use crate::puzzle::Puzzle;

/// No light where it would darken every way of lighting some square, or
/// leave some number too few places: Tatham's "tricky" reasoning (the
/// light's dark squares are those it sees, and the others beside a number
/// it completes).
#[derive(Clone, Debug)]
pub struct Shadows {
    layout: Layout,
}

/// What a light at one square would leave impossible.
enum Blocked {
    /// This square could no longer be lit.
    Unlit(usize),
    /// This number (index) could no longer get its lights.
    Number(usize),
}

/// What one run reads of the domains, taken once at its start, and its
/// scratch space: per square, the stamp of the light tried when it was last
/// marked. (A light ruled out during the run still counts as open: that only
/// makes the run see less, never wrongly.)
struct Snapshot {
    /// Whether each square can still take a light and has none yet.
    open: Vec<bool>,
    /// Whether each square is lit by a light placed.
    lit: Vec<bool>,
    /// How many open squares could light each square.
    ways: Vec<usize>,
    /// The lights each number still needs.
    needed: Vec<usize>,
    seen_by_light: Vec<u32>,
    dark: Vec<u32>,
    hits: Vec<(u32, usize)>,
    numbers: Vec<u32>,
}

impl Shadows {
    /// The rule for `puzzle`, whose empty squares have the light variables
    /// `cells`.
    pub(crate) fn new(puzzle: &Puzzle, cells: &[Option<VarId>], sight: &Sight) -> Shadows {
        Shadows {
            layout: Layout::new(puzzle, cells, sight),
        }
    }

    /// The snapshot of `domains` for one run.
    fn snapshot(&self, domains: &Domains) -> Snapshot {
        let squares = self.layout.cells.len();
        let value = |square: usize| self.layout.cells[square].and_then(|var| domains.value(var));
        let open: Vec<bool> = (self.layout.cells.iter())
            .map(|cell| {
                cell.is_some_and(|var| domains.contains(var, 1) && !domains.is_assigned(var))
            })
            .collect();
        let lit = (0..squares)
            .map(|square| {
                self.layout.seen[square]
                    .iter()
                    .any(|&s| value(s) == Some(1))
            })
            .collect();
        let ways = (0..squares)
            .map(|square| {
                self.layout.seen[square]
                    .iter()
                    .filter(|&&s| open[s])
                    .count()
            })
            .collect();
        let needed = (self.layout.numbers.iter())
            .map(|number| {
                let placed = number
                    .beside
                    .iter()
                    .filter(|&&s| value(s) == Some(1))
                    .count();
                number.clue.saturating_sub(placed)
            })
            .collect();
        Snapshot {
            open,
            lit,
            ways,
            needed,
            seen_by_light: vec![0; squares],
            dark: vec![0; squares],
            hits: vec![(0, 0); squares],
            numbers: vec![0; self.layout.numbers.len()],
        }
    }

    /// What a light at `light` would leave impossible, if anything.
    fn blocked(&self, light: usize, stamp: u32, now: &mut Snapshot) -> Option<Blocked> {
        for &square in &self.layout.seen[light] {
            now.seen_by_light[square] = stamp;
        }
        // The squares it darkens: those it sees, and the others beside a
        // number it completes.
        let mut dark = Vec::new();
        let mut darken = |square: usize, now: &mut Snapshot| {
            if now.open[square] && square != light && now.dark[square] != stamp {
                now.dark[square] = stamp;
                dark.push(square);
            }
        };
        for &square in &self.layout.seen[light] {
            darken(square, now);
        }
        for &index in &self.layout.numbers_beside[light] {
            if now.needed[index] == 1 {
                for &square in &self.layout.numbers[index].beside {
                    darken(square, now);
                }
            }
        }
        // A square it does not light, all of whose ways of being lit are dark.
        for &square in &dark {
            for &viewer in &self.layout.seen[square] {
                if now.seen_by_light[viewer] == stamp || now.lit[viewer] {
                    continue;
                }
                let hits = &mut now.hits[viewer];
                *hits = if hits.0 == stamp {
                    (stamp, hits.1 + 1)
                } else {
                    (stamp, 1)
                };
                if hits.1 == now.ways[viewer] {
                    return Some(Blocked::Unlit(viewer));
                }
            }
        }
        // A number that would have too few places left.
        for &square in dark.iter().chain([&light]) {
            for &index in &self.layout.numbers_beside[square] {
                if std::mem::replace(&mut now.numbers[index], stamp) == stamp {
                    continue;
                }
                let number = &self.layout.numbers[index];
                let by_light = usize::from(number.beside.contains(&light));
                let places = (number.beside.iter())
                    .filter(|&&s| s != light && now.open[s] && now.dark[s] != stamp)
                    .count();
                if places + by_light < now.needed[index] {
                    return Some(Blocked::Number(index));
                }
            }
        }
        None
    }

    /// The variables a ruling-out rests on: what the light sees and the
    /// numbers beside it, and what could light the square, or the places of
    /// the number, left without.
    fn cause(&self, light: usize, blocked: &Blocked) -> Vec<VarId> {
        let mut squares: Vec<usize> = self.layout.seen[light].clone();
        for &index in &self.layout.numbers_beside[light] {
            squares.extend(&self.layout.numbers[index].beside);
        }
        match *blocked {
            Blocked::Unlit(square) => squares.extend(&self.layout.seen[square]),
            Blocked::Number(index) => squares.extend(&self.layout.numbers[index].beside),
        }
        squares.sort_unstable();
        squares.dedup();
        squares
            .into_iter()
            .map(|square| self.layout.var(square))
            .collect()
    }

    /// The sentence of a light ruled out at `light`.
    fn sentence(&self, light: usize, blocked: &Blocked) -> String {
        let name = |square: usize| square_name(self.layout.width, square);
        match *blocked {
            Blocked::Unlit(square) => format!(
                "{} cannot hold a light: every square that could light {} would then be dark",
                name(light),
                name(square)
            ),
            Blocked::Number(index) => {
                let number = &self.layout.numbers[index];
                format!(
                    "{} cannot hold a light: the {} at {} would then have too few places for its lights",
                    name(light),
                    number.clue,
                    name(number.square)
                )
            }
        }
    }
}

impl Rule for Shadows {
    fn name(&self) -> &str {
        "shadows"
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.layout.vars, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self
            .layout
            .plain_pending(&self.layout.answers(ctx.domains()))
        {
            // The counting rules have work left: theirs are the simpler
            // reasons, and their changes wake this rule again.
            return Ok(());
        }
        let mut now = self.snapshot(ctx.domains());
        let mut stamp = 0;
        for light in 0..self.layout.cells.len() {
            if !now.open[light] {
                continue;
            }
            stamp += 1;
            let Some(blocked) = self.blocked(light, stamp, &mut now) else {
                continue;
            };
            let cause = self.cause(light, &blocked);
            let text = |_: &Names| self.sentence(light, &blocked);
            let why = Why::new("shadows").cause(&cause).named_text(&text);
            ctx.remove(self.layout.var(light), 1, &why)?;
        }
        Ok(())
    }

    /// Shadows adds nothing to the puzzle's meaning: a light it rules out
    /// would break the segment, lighting or number rules, which say what a
    /// solution is. So it holds on every full assignment, and the oracle
    /// checks its removals against the solutions of those rules.
    fn holds(&self, _values: &[Value]) -> bool {
        true
    }
}
